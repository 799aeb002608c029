import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum parameters: 19 MiB, 2 iterations, 1 lane.
// `Algorithm` is a const enum in the type declarations; 2 is Argon2id.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string) {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed hash never matches
  }
}
