// `npm run create-admin [-- --email boss@agency.co.uk --password '…' --name 'Jo Bloggs' --nominated-officer]`
// Creates an admin, or makes an existing account an admin with a new password. Asks for what is missing.
// --nominated-officer makes them the money-laundering nominated officer, in place of any other.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    "nominated-officer": { type: "boolean", default: false },
  },
});

async function ask(flag, question, { hidden = false } = {}) {
  if (!process.stdin.isTTY) {
    console.error(`Missing --${flag} (and no terminal to ask for it on).`);
    process.exit(1);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    rl._writeToOutput = (text) => {
      if (text.startsWith(question)) process.stdout.write(text);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer.trim();
}

const email = values.email ?? (await ask("email", "Email: "));
const password = values.password ?? (await ask("password", "Password (at least 8 characters): ", { hidden: true }));
const { createAdmin } = await loadServerBuild();
const result = await createAdmin({
  email,
  password,
  fullName: values.name,
  nominatedOfficer: values["nominated-officer"],
});
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
console.log(result.message);
