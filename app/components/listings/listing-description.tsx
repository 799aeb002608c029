// The description as the agent wrote it (see modules/listings/description.ts). With JavaScript only the
// first blocks show until 'Read full description'; without it the whole text is there to read.
import { useId, useState } from "react";
import { DESCRIPTION_PREVIEW_BLOCKS, type DescriptionBlock } from "../../modules/listings/description";
import { useHydrated } from "../form-basics";
import { CheckIcon } from "../ui/icons";

function Block({ block }: { block: DescriptionBlock }) {
  if (block.kind === "heading") return <h3 className="pt-2 text-lg font-semibold text-slate-900">{block.text}</h3>;
  if (block.kind === "paragraph") return <p>{block.text}</p>;
  return (
    <ul className="space-y-1.5">
      {block.items.map((item, i) => (
        <li key={i} className="flex gap-2">
          <CheckIcon className="mt-1 size-4 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function ListingDescription({ blocks }: { blocks: DescriptionBlock[] }) {
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const collapsible = hydrated && blocks.length > DESCRIPTION_PREVIEW_BLOCKS;
  const shown = collapsible && !expanded ? blocks.slice(0, DESCRIPTION_PREVIEW_BLOCKS) : blocks;
  if (!blocks.length) return <p className="text-slate-600">The agent has not added a description yet.</p>;
  return (
    <div>
      <div id={id} className="space-y-4 leading-7 text-slate-700">
        {shown.map((block, i) => (
          <Block key={i} block={block} />
        ))}
      </div>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="mt-4 rounded-md font-semibold text-emerald-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          {expanded ? "Show less" : "Read full description"}
        </button>
      ) : null}
    </div>
  );
}
