import { BLOCKS, type Block, type BlockType } from '../../catalogue/registry.ts';
import type { EmailMarkup, EmailRenderContext } from './block-markup.ts';

export type { EmailRenderContext } from './block-markup.ts';

/**
 * The blocks an e-mail draws: every block whose definition has e-mail markup (`email: false` says a block
 * is never drawn in an e-mail). The e-mail palette offers fewer: form button and form spacer sit inside
 * two-step forms, and order bump is only drawn ("email renderings exist for order bump, …").
 */
export type EmailBlockType = {
  [K in BlockType]: (typeof BLOCKS)[K]['email'] extends false ? never : K;
}[BlockType];

/** The e-mail markup of a block's own type, or none (TypeScript cannot relate a union member to its entry). */
export function emailMarkupOf(type: BlockType): EmailMarkup<BlockType> | undefined {
  const markup = BLOCKS[type].email as EmailMarkup<BlockType> | false;
  return markup === false ? undefined : markup;
}

export const EMAIL_RENDERER_TYPES = (Object.keys(BLOCKS) as BlockType[]).filter(
  (type): type is EmailBlockType => emailMarkupOf(type) !== undefined,
);

/** One block as MJML components; a block without e-mail markup renders nothing. */
export function renderEmailBlock(block: Block, context: EmailRenderContext): string {
  return emailMarkupOf(block.type)?.mjml(block, context) ?? '';
}

export function renderEmailBlocks(
  ids: readonly number[],
  context: Omit<EmailRenderContext, 'renderBlocks'>,
): string {
  const withChildren: EmailRenderContext = { ...context, renderBlocks: renderEmailBlocks };
  let out = '';
  for (const id of ids) {
    const block = withChildren.document.children[id];
    if (block) out += renderEmailBlock(block, withChildren);
  }
  return out;
}
