// The one script a page sent without React loads (root.tsx adds it; vite.config.ts bundles it with its
// behaviours into small hashed chunks). Marks <html data-enhanced> once every behaviour is attached.
import { CONTENT_ADDED } from "./behaviour";
import { enhance } from "./enhance";

document.addEventListener(CONTENT_ADDED, (event) => void enhance(event.target as Element));
void enhance(document).then(() => (document.documentElement.dataset.enhanced = "true"));
