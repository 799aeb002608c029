// The description as the agent wrote it (see modules/listings/description.ts). Without JavaScript the
// whole text is there to read; with it, app/browser/read-more.ts shows the first
// `data-preview` blocks and a 'Read full description' button.
import { DESCRIPTION_PREVIEW_BLOCKS, type DescriptionBlock } from "../../modules/listings/description";
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
  if (!blocks.length) return <p className="text-slate-600">The agent has not added a description yet.</p>;
  return (
    <div
      id="description-text"
      data-preview={blocks.length > DESCRIPTION_PREVIEW_BLOCKS ? DESCRIPTION_PREVIEW_BLOCKS : undefined}
      className="space-y-4 leading-7 text-slate-700"
    >
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </div>
  );
}
