// Which behaviour each piece of markup asks for, and loading only those a page has. Pages sent without
// React run `enhance(document)` (app/browser/main.ts); each behaviour is its own small chunk, fetched only
// when the page has markup for it. React components attach the same modules with `useBehaviour`
// (app/components/use-behaviour.ts).
import type { Attach } from "./behaviour";

type Loader = () => Promise<Attach<never>>;

const REGISTRY: [selector: string, load: Loader][] = [
  ["form[data-rules]", () => import("./form-checks").then((m) => m.attach)],
  ["button[data-submit]", () => import("./submit-button").then((m) => m.attach)],
  ["button[data-password-toggle]", () => import("./password-toggle").then((m) => m.attach)],
  ["select[data-auto-submit]", () => import("./auto-submit").then((m) => m.attach)],
  ["input[data-postcode-suggestions]", () => import("./postcode-suggestions").then((m) => m.attach)],
  ["[data-map]", () => import("./leaflet-map").then((m) => m.attach)],
  ["dialog", () => import("./dialog").then((m) => m.attach)],
  ["a[data-dialog]", () => import("./dialog").then((m) => m.attachOpener)],
  ["dialog[data-lightbox]", () => import("./lightbox").then((m) => m.attach)],
  ["dialog[data-send-in-place]", () => import("./send-in-place").then((m) => m.attach)],
  ["[data-preview]", () => import("./read-more").then((m) => m.attach)],
  ["[data-menus]", () => import("./details-menu").then((m) => m.attach)],
  ["a[data-video-player]", () => import("./video-facade").then((m) => m.attach)],
  ["form[data-save-home]", () => import("./save-home").then((m) => m.attach)],
];

/** Attaches every behaviour that `root` (or an element inside it) asks for. */
export async function enhance(root: ParentNode) {
  await Promise.all(
    REGISTRY.map(async ([selector, load]) => {
      const elements = [
        ...(root instanceof Element && root.matches(selector) ? [root] : []),
        ...root.querySelectorAll(selector),
      ];
      if (elements.length === 0) return;
      const attach = (await load()) as Attach<Element>;
      for (const element of elements) attach(element);
    }),
  );
}
