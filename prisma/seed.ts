// Placeholder: replaced by the demo data set.
export const DEMO_LOGINS: { label: string; email: string; password: string }[] = [];
export async function seedDemoData(_: { dataDir: string }) {
  return { projects: 0 };
}
