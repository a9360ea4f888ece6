import { Form, Link, NavLink } from "react-router";
import { Logo } from "~/components/logo";
import { site } from "~/content/site";
import { cn } from "~/lib/cn";

/** The workspace's sections, in the order the navigation shows them (some named otherwise for non-admins). */
const sections: { to: string; label: string; staffLabel?: string }[] = [
  { to: "/staff", label: "Leads" },
  { to: "/staff/vacancies", label: "Vacancies" },
  { to: "/staff/people", label: "People" },
  { to: "/staff/analytics", label: "Analytics" },
  { to: "/staff/team", label: "Team", staffLabel: "Your passkeys" },
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

/** The frame of the pages a signed-in member of staff works in: sections, their name, Sign out. */
export function StaffFrame({
  me,
  children,
}: {
  me: { name: string; isAdmin: boolean };
  children: React.ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/staff" className="rounded-md">
            <Logo inverse />
            <span className="sr-only"> staff workspace</span>
          </Link>
          <nav aria-label="Workspace" className="flex-1">
            <ul className="flex flex-wrap gap-1">
              {sections.map((section) => (
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
                    {me.isAdmin ? section.label : (section.staffLabel ?? section.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-3 text-sm">
            <span>{me.name}</span>
            <Form method="post" action="/staff/sign-out">
              <button
                type="submit"
                className="min-h-10 rounded-md px-3 py-2 font-semibold ring-1 ring-white/70 hover:bg-white/10"
              >
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
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
