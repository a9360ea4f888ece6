import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { StaffFrame } from "~/components/staff/shell";
import { requireStaff } from "~/lib/staff.server";
import type { Route } from "./+types/layout";

/** Every page inside the workspace needs a signed-in member of staff; others go to sign in (303). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { me } = await requireStaff(request, context);
  return { me: { name: me.name, email: me.email, isAdmin: me.isAdmin } };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame me={loaderData.me}>
      <Outlet />
    </StaffFrame>
  );
}

/** Problems inside the workspace keep its frame, so the way back is always in view. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/staff/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "There is nothing here. The lead may have been deleted, or the link is mistyped."
      : status === 403
        ? "Only an administrator can open this page."
        : "Something went wrong on our side. Please try again.";
  const body = (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">
        {status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Sorry"}
      </h1>
      <p>{message}</p>
      <p>
        <Link to="/staff" className="font-semibold text-accent-700 underline">
          Back to the leads
        </Link>
      </p>
    </div>
  );
  if (!data)
    return (
      <main id="main" className="mx-auto max-w-3xl p-6">
        {body}
      </main>
    );
  return <StaffFrame me={data.me}>{body}</StaffFrame>;
}
