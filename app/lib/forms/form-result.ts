/** The two forms whose outcome a page can show. */
export type FormName = "contact" | "careers";

/** What the banner under a form's heading shows: the server's verdict and its words. */
export type FormResult = { type: "success" | "error"; message: string };
