export function meta() {
  return [{ title: "Leads · Staff workspace" }];
}

export default function Inbox() {
  return <h1 className="text-2xl font-bold">Leads</h1>;
}
