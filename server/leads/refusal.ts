/** A request we turn down with a 4xx status and a message the visitor can act on. */
export class Refusal extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "Refusal";
    this.status = status;
    this.headers = headers;
  }
}
