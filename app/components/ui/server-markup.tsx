/**
 * Shows markup our server made from our own components, as it is: for a plain form that needs no script
 * (the job alerts' sign-up, the claims a buyer can check), so the page it sits on never downloads the component that makes it.
 */
export function ServerMarkup({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on our server from our own component
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
