// React's way into app/browser: a ref that attaches a behaviour module to the element React rendered and
// detaches it when the element goes, so a component and a page sent without React share one
// implementation (docs/decisions/0009-browser-behaviours.md).
import { useCallback, useLayoutEffect, useRef } from "react";

import type { Attach } from "../browser/behaviour";

type Handlers = Record<string, (event: CustomEvent) => void>;

/**
 * `<input ref={useBehaviour(attach)} …>`; `attach` must be a module-level function (it is the ref's identity).
 * `on` listens to the events the behaviour fires (e.g. `{ "map-pick": … }`): the handlers may change from one
 * render to the next without re-attaching, but the event names are read once, when the element is attached.
 */
export function useBehaviour<E extends Element>(attach: Attach<E>, on?: Handlers) {
  const handlers = useRef(on);
  useLayoutEffect(() => {
    handlers.current = on;
  });
  return useCallback(
    (element: E | null) => {
      if (!element) return;
      const detach = attach(element);
      const types = Object.keys(handlers.current ?? {});
      const listen = (event: Event) => handlers.current?.[event.type]?.(event as CustomEvent);
      for (const type of types) element.addEventListener(type, listen);
      return () => {
        for (const type of types) element.removeEventListener(type, listen);
        detach();
      };
    },
    [attach],
  );
}
