// `dialog[data-lightbox]` (the photo viewer, app/components/listings/lightbox.tsx): links with
// `data-photo="<index>"` open it at that photo in place, the arrow keys and its buttons step through the
// photos (wrapping round), and the address keeps ?photo=N while it is open. Without JavaScript the same
// links load the page with ?photo=N, which the server renders with the viewer open.
import { type Attach, listeners, modifiedClick } from "./behaviour";
import { openModal } from "./dialog";

type Photo = { url: string; srcSet?: string; alt: string; caption: string };

export const attach: Attach<HTMLDialogElement> = (dialog) => {
  const document = dialog.ownerDocument;
  const { signal, detach } = listeners();
  const photos = JSON.parse(dialog.dataset.lightbox ?? "[]") as Photo[];
  const image = dialog.querySelector("img")!;
  const caption = dialog.querySelector("figcaption")!;
  const counter = dialog.querySelector("[data-counter]")!;
  let current = 0;
  const address = (index: number | null) => {
    const url = new URL(document.location.href);
    if (index === null) url.searchParams.delete("photo");
    else url.searchParams.set("photo", String(index + 1));
    return url.pathname + url.search;
  };
  const show = (index: number) => {
    current = (index + photos.length) % photos.length;
    const photo = photos[current]!;
    Object.assign(image, { src: photo.url, srcset: photo.srcSet ?? "", alt: photo.alt });
    caption.textContent = photo.caption;
    counter.textContent = `Photo ${current + 1} of ${photos.length}`;
    for (const step of dialog.querySelectorAll<HTMLAnchorElement>("a[data-step]")) {
      const to = (current + Number(step.dataset.step) + photos.length) % photos.length;
      step.dataset.photo = String(to);
      step.href = address(to);
    }
    history.replaceState(history.state, "", address(current));
    openModal(dialog);
  };
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[data-photo]");
      if (!link || modifiedClick(event)) return;
      event.preventDefault();
      show(Number(link.dataset.photo));
    },
    { signal },
  );
  dialog.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") show(current + (event.key === "ArrowLeft" ? -1 : 1));
    },
    { signal },
  );
  // The event comes a task later: a viewer opened again meanwhile keeps its address.
  dialog.addEventListener("close", () => dialog.open || history.replaceState(history.state, "", address(null)), {
    signal,
  });
  // Opened by the server (?photo=N): the same photo, now as a modal dialog.
  if (dialog.open) {
    dialog.close();
    show(Number(dialog.dataset.index));
  }
  return detach;
};
