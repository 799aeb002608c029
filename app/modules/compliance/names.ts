// Name matching for the sanctions screen. Names are normalised (accents, case, punctuation and titles
// dropped), then compared word by word with Jaro-Winkler, whatever order the words come in: the list
// writes "SURNAME, Given" and people write "Given Surname". A screen should err towards a possible match,
// which a person then decides; it never clears or confirms anyone on its own.
import { jaroWinkler } from "@skyra/jaro-winkler";

/** At or above this score a listed name is a possible match. */
export const MATCH_THRESHOLD = 0.9;

const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "lord", "lady", "rev", "hon"]);

/** Lower-case latin letters and digits, one space between words, no titles. */
export function normaliseName(name: string) {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((word) => word && !TITLES.has(word))
    .join(" ");
}

const wordsOf = (normalised: string) => normalised.split(" ").filter(Boolean);

/**
 * How alike two normalised names are, 0 to 1: each word of the shorter name is paired with its most alike
 * word in the longer one, and the scores averaged. "Ivan Petrov" scores 1 against "PETROV Ivan Sergeyevich",
 * so a middle name left out does not hide a listed person; a single word only matches a single-word name.
 */
export function nameScore(a: string, b: string) {
  const [short, long] = [wordsOf(a), wordsOf(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (short.length === 0) return 0;
  if (short.length === 1 && long.length > 1) return 0;
  const left = [...long];
  let total = 0;
  for (const word of short) {
    let best = 0;
    let at = -1;
    left.forEach((other, index) => {
      const score = jaroWinkler(word, other);
      if (score > best) [best, at] = [score, index];
    });
    if (at >= 0) left.splice(at, 1);
    total += best;
  }
  return total / short.length;
}

export type ListedName = { groupId: string; name: string; normalisedName: string; regime: string };
export type PossibleMatch = { groupId: string; name: string; regime: string; score: number };

/** The listed names alike enough to `name` to stop a check, best first, one per listed person or entity. */
export function possibleMatches(name: string, listed: Iterable<ListedName>): PossibleMatch[] {
  const wanted = normaliseName(name);
  const best = new Map<string, PossibleMatch>();
  for (const entry of listed) {
    const score = nameScore(wanted, entry.normalisedName);
    if (score < MATCH_THRESHOLD) continue;
    const seen = best.get(entry.groupId);
    if (!seen || seen.score < score)
      best.set(entry.groupId, {
        groupId: entry.groupId,
        name: entry.name,
        regime: entry.regime,
        score: Math.round(score * 1000) / 1000,
      });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}
