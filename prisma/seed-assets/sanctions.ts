// A made-up list in the layout of HM Treasury's OFSI consolidated list (ConList.csv), so the demo's checks can be
// screened and the tour can show a possible match. No row is a real designation; production imports the real
// list (npm run sanctions:import, or SANCTIONS_LIST_URL).
const HEADER =
  "Name 6,Name 1,Name 2,Name 3,Name 4,Name 5,Title,Name Non-Latin Script,Non-Latin Script Type,Non-Latin Script Language,DOB,Town of Birth,Country of Birth,Nationality,Passport Number,Passport Details,National Identification Number,National Identification Details,Position,Address 1,Address 2,Address 3,Address 4,Address 5,Address 6,Post/Zip Code,Country,Other Information,Group Type,Alias Type,Alias Quality,Regime,Listed On,UK Sanctions List Date Designated,Last Updated,Group ID";

const row = (surname: string, given: string, type: string, alias: string, groupId: string) =>
  [
    surname,
    given,
    ...Array(26).fill(""),
    type,
    alias,
    "",
    "Demo regime",
    "01/01/2026",
    "01/01/2026",
    "01/01/2026",
    groupId,
  ].join(",");

export const DEMO_SANCTIONS_LIST = [
  "Last Updated,01/01/2026",
  HEADER,
  row("KARAVAYEV", "Dmitri", "Individual", "Primary name", "90001"),
  row("KARAVAEV", "Dmitry", "Individual", "Primary name variation", "90001"),
  row("NORTHWIND TRADING LLC", "", "Entity", "Primary name", "90002"),
].join("\r\n");
