import { MenuIcon, X } from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { site } from "#core/config/site.ts";
import { Logo } from "~/components/logo";
import { cn } from "~/lib/cn";

/**
 * The workspace's sections, in the order the navigation shows them (some named otherwise for non-admins,
 * some for administrators only).
 */
const sections: {
  to: string;
  label: string;
  staffLabel?: string;
  adminOnly?: boolean;
  contentOnly?: boolean;
}[] = [
  { to: "/staff", label: "Leads" },
  { to: "/staff/interviews", label: "Interviews" },
  { to: "/staff/vacancies", label: "Vacancies" },
  { to: "/staff/pool", label: "Talent pool" },
  { to: "/staff/people", label: "People" },
  { to: "/staff/analytics", label: "Analytics" },
  { to: "/staff/content", label: "Site content", contentOnly: true },
  { to: "/staff/redirects", label: "Redirects", contentOnly: true },
  { to: "/staff/team", label: "Team", staffLabel: "Your passkeys" },

  { to: "/staff/health", label: "Health", adminOnly: true },
  { to: "/staff/launch", label: "Ready to launch", adminOnly: true },
];

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

function SectionLinks({
  isAdmin,
  mayContent,
  className,
}: {
  isAdmin: boolean;
  mayContent: boolean;
  className?: string;
}) {
  return (
    <ul className={className}>
      {sections
        .filter((section) => (isAdmin || !section.adminOnly) && (mayContent || !section.contentOnly))
        .map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.to === "/staff"}
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10",
                  isActive && "bg-white/15 underline underline-offset-4",
                )
              }
            >
              {isAdmin ? section.label : (section.staffLabel ?? section.label)}
            </NavLink>
          </li>
        ))}
    </ul>
  );
}

function SignOut() {
  return (
    <Form method="post" action="/staff/sign-out">
      <button
        type="submit"
        className="min-h-10 rounded-md px-3 py-2 font-semibold ring-1 ring-white/70 hover:bg-white/10"
      >
        Sign out
      </button>
    </Form>
  );
}

/**
 * The frame of the pages a signed-in member of staff works in: sections, their name, Sign out. On a
 * phone the header is one row: the brand, a Menu that opens (a `<details>`, so without JavaScript too)
 * onto the sections and closes again on every move to another page, and Sign out.
 */
export function StaffFrame({
  me,
  children,
}: {
  /** mayContent: may edit or approve site content, so the navigation offers it. */
  me: { name: string; isAdmin: boolean; mayContent?: boolean };
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <>
      <SkipLink />
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-7xl items-center gap-x-2 gap-y-2 px-4 py-3 md:flex-wrap md:gap-x-6">
          <Link to="/staff" className="rounded-md">
            <Logo inverse compact />
            <span className="sr-only"> staff workspace</span>
          </Link>
          <nav aria-label="Workspace" className="hidden flex-1 md:block">
            <SectionLinks
              isAdmin={me.isAdmin}
              mayContent={me.mayContent ?? me.isAdmin}
              className="flex flex-wrap gap-1"
            />
          </nav>
          <details key={location.key} className="group relative ml-auto md:hidden">
            <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-white/70 hover:bg-white/10 [&::-webkit-details-marker]:hidden">
              <MenuIcon aria-hidden="true" className="size-5 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-5 group-open:block" />
              Menu
            </summary>
            <div className="absolute top-full right-0 z-30 mt-2 w-64 rounded-lg bg-navy-900 p-3 shadow-lg ring-1 ring-white/20">
              <nav aria-label="Workspace">
                <SectionLinks
                  isAdmin={me.isAdmin}
                  mayContent={me.mayContent ?? me.isAdmin}
                  className="grid gap-1"
                />
              </nav>
            </div>
          </details>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden md:inline">{me.name}</span>
            <SignOut />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 py-6">
        {children}
      </main>
    </>
  );
}

/** The frame of the pages before sign-in (sign in, invitation): the brand and one card. */
export function StaffGate({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <SkipLink />
      <header className="bg-navy-900 px-4 py-3 text-white">
        <div className="mx-auto max-w-7xl">
          <Logo inverse />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 py-10">
        <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          <div className="mt-4 space-y-4 text-navy-800">{children}</div>
        </div>
      </main>
      <footer className="px-4 py-4 text-center text-sm text-navy-700">
        {site.legalName} · staff workspace
      </footer>
    </>
  );
}
