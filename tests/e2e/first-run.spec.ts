// What a new user meets in the first ten minutes: the invitation's expiry in UK time, the sign-in page
// at a wrong address naming the one that works, port included.
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { baseURL, e2eDatabase, e2eDataDir, staffBaseURL } from "../../playwright.config";
import { newStaffIdentity } from "./staff-helpers";

test("npm run staff -- invite prints when the link expires in UK time, not as a UTC timestamp", () => {
  const person = newStaffIdentity("Invitee");
  const result = spawnSync(
    process.execPath,
    ["scripts/staff.ts", "invite", person.email, "--name", person.name],
    {
      env: {
        ...process.env,
        DATABASE_URL: e2eDatabase,
        DATA_DIR: e2eDataDir,
        PORT: new URL(staffBaseURL).port,
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
    },
  );
  expect(result.status).toBe(0);
  expect(result.stderr).toMatch(
    /^Works once, until (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(UK time\)\.$/m,
  );
  expect(result.stderr).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
});

test("the sign-in page at an address passkeys cannot use names the one that works, with its port", async ({
  page,
}) => {
  // The tests' server listens on 127.0.0.1, where passkeys do not work; localhost with the same port does.
  await page.goto(`${baseURL}/staff/sign-in`);
  await expect(page.getByRole("alert")).toContainText(
    `open the workspace at ${staffBaseURL} on the server itself`,
  );
});
