// A form in `dialog[data-send-in-place]` (the viewing request on the property page) is sent without
// leaving the page: its action answers with its page, from which the form (with the server's messages)
// replaces this one; a success closes the dialog, and the page, fetched again, gives the toast the action
// left in its cookie. Without JavaScript the form posts and the server answers with a page as usual.
import { type Attach, CONTENT_ADDED, listeners } from "./behaviour";
import { setPending } from "./submit-button";

export const attach: Attach<HTMLDialogElement> = (dialog) => {
  const document = dialog.ownerDocument;
  const { signal, detach } = listeners();
  dialog.addEventListener(
    "submit",
    async (event) => {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      const body = new FormData(form, event.submitter);
      body.set("source", "dialog");
      let page: Document | undefined;
      try {
        const response = await fetch(form.action, { method: "POST", body });
        page = new DOMParser().parseFromString(await response.text(), "text/html");
        for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-submit]")) setPending(button, false);
        if (response.ok) {
          dialog.close();
          form.reset();
          const status = document.querySelector('[role="status"]');
          const answer = new DOMParser().parseFromString(
            await (await fetch(document.location.href)).text(),
            "text/html",
          );
          if (status) status.innerHTML = answer.querySelector('[role="status"]')?.innerHTML ?? "";
          return;
        }
      } catch (error) {
        console.warn("sending the form failed", error);
      }
      const answered = page?.querySelector<HTMLFormElement>(`form[action="${form.getAttribute("action")}"]`);
      // No form in the answer (the server could not be reached): the form goes the ordinary way.
      if (!answered) return form.submit();
      form.replaceWith(document.adoptNode(answered));
      answered.dispatchEvent(new CustomEvent(CONTENT_ADDED, { bubbles: true }));
    },
    { signal },
  );
  return detach;
};
