// Energy Performance Certificate bands (SAP points) as the certificate draws them, for the rating graph.

export const EPC_BANDS = [
  { band: "A", range: "92+", colour: "#008054" },
  { band: "B", range: "81–91", colour: "#19b459" },
  { band: "C", range: "69–80", colour: "#8dce46" },
  { band: "D", range: "55–68", colour: "#ffd500" },
  { band: "E", range: "39–54", colour: "#fcaa65" },
  { band: "F", range: "21–38", colour: "#ef8023" },
  { band: "G", range: "1–20", colour: "#e9153b" },
] as const;

export type EpcBand = (typeof EPC_BANDS)[number]["band"];

export function epcBand(value: string | null | undefined): EpcBand | null {
  const band = value?.trim().toUpperCase();
  return EPC_BANDS.find((b) => b.band === band)?.band ?? null;
}
