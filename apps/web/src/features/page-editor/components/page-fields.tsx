import {
  type AttentionItem,
  type EditorDocument,
  LINK_TO_SET_MESSAGE,
  linksToSetLabel,
  NOTHING_TO_SELL,
  needsAttention,
  pageFacts,
  placeholderLinks,
  stepGap,
} from '@funnelwork/blocks';
import type { Product } from '@funnelwork/domain';
import { formatPrice } from '@funnelwork/domain/rules';
import { Alert, Anchor, List, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { type ChoiceFieldProps, type EditorServices, useEditor } from '../../editor/index.ts';
import { useSteps } from '../../funnels/api.ts';
import { useFunnelPopups } from '../popups-api.ts';
import { useSellable, useSellsNothing, useShownDocument } from '../sellable.tsx';

/** The show-popup action's popup: one of the funnel's popups (made in the Popups panel). */
function PopupPicker({ label, value, onChange }: ChoiceFieldProps<number>) {
  // The page editor's route names the funnel whose popups a button may show.
  const funnelId = Number(useParams().funnel ?? 0);
  const popups = useFunnelPopups(funnelId);
  return (
    <Select
      size="xs"
      label={label}
      placeholder={popups.data?.length === 0 ? 'Create a popup in the Popups panel' : 'Choose a popup'}
      data={(popups.data ?? []).map((popup) => ({ value: String(popup.id), label: popup.name }))}
      value={typeof value === 'number' ? String(value) : null}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
    />
  );
}

/**
 * The product a list entry, order bump or yes-link sells: one of the account's products, chosen by name
 * and price. A list entry takes the product's name and price too, as the shopper will see them.
 */
function ProductPicker({ label, value, onChange }: ChoiceFieldProps<Product>) {
  const { products } = useSellable();
  const chosen = typeof value === 'number' ? String(value) : null;
  const data = (products ?? []).map((product) => ({
    value: String(product.id),
    label: `${product.name} · ${formatPrice(product.price, product.currency)}`,
  }));
  // A product the picker's page does not hold (or one deleted since) still shows as chosen.
  if (chosen !== null && !data.some((option) => option.value === chosen))
    data.push({ value: chosen, label: `Product ${chosen}` });
  return (
    <Select
      size="xs"
      label={label}
      placeholder={products?.length === 0 ? 'Add a product to the step first' : "The step's products"}
      data={data}
      value={chosen}
      searchable
      clearable
      nothingFoundMessage="No such product"
      onChange={(next) =>
        onChange(next === null ? null : (products?.find((p) => String(p.id) === next) ?? null))
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The step this page belongs to, from the editor's route (undefined while loading). */
function useEditedStep() {
  const params = useParams();
  const kind = useLocation().pathname.startsWith('/page-editor/funnel/') ? 'funnel' : 'wfunnel';
  const steps = useSteps(kind, Number(params.funnel ?? 0));
  return steps.data?.find((step) => step.id === Number(params.step));
}

function AttentionEntry({ item }: { item: AttentionItem }) {
  const { showNode } = useEditor();
  switch (item.kind) {
    case 'gap':
      return (
        <List.Item data-testid="step-gap">
          <Text size="sm" fw={600} span>
            {item.title}:{' '}
          </Text>
          <Text size="sm" span>
            {item.message}
          </Text>
        </List.Item>
      );
    case 'nothing-to-sell':
      return (
        <List.Item data-testid="nothing-to-sell">
          <Text size="sm" fw={600} span>
            Nothing to sell:{' '}
          </Text>
          <Text size="sm" span>
            {NOTHING_TO_SELL}
          </Text>
        </List.Item>
      );
    case 'link':
      return (
        <List.Item data-testid="link-to-set">
          <Anchor component="button" type="button" size="sm" onClick={() => showNode(item.link.id)}>
            Set the link of “{item.link.label}”
          </Anchor>
        </List.Item>
      );
  }
}

/**
 * 'Needs attention' above the canvas: what makes shoppers skip this page (a blank page, an upsell or
 * downsell with nothing to sell, a checkout with nothing to sell) and the template links still to set.
 * `step` false (a popup) leaves out what only a step's page can lack.
 */
function NeedsAttention({ document, step }: { document: EditorDocument; step: boolean }) {
  const sellsNothing = useSellsNothing(document);
  const { products, catalogue } = useSellable();
  const edited = useEditedStep();
  const items = useMemo(() => {
    let gap = null;
    if (step && edited && products && catalogue) {
      const ids = new Set(products.map((product) => product.id));
      gap = stepGap(edited.step_type, [pageFacts(document)], {
        stepHasProducts: catalogue.step.length > 0,
        exists: (id) => ids.has(id) || catalogue.named.has(id),
      });
    }
    // A thank-you page shows the order already bought: its summary sells nothing by design.
    const checkoutLike = step && edited?.step_type !== 3;
    return needsAttention(document, { gap, sellsNothing: checkoutLike && sellsNothing });
  }, [document, step, edited, products, catalogue, sellsNothing]);
  if (items.length === 0) return null;
  const links = items.filter((item) => item.kind === 'link').length;
  return (
    <Alert
      color="yellow"
      radius="md"
      title="Needs attention"
      data-testid="needs-attention"
      style={{ maxWidth: 560, margin: '0 auto 16px' }}
    >
      <Stack gap={4}>
        {links > 0 && (
          <Text size="sm" fw={600} data-testid="links-to-set">
            {linksToSetLabel(links)}
          </Text>
        )}
        <List size="sm" spacing={2}>
          {items.map((item) => (
            <AttentionEntry key={item.kind === 'link' ? `link-${item.link.id}` : item.kind} item={item} />
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

const PageNeedsAttention = ({ document }: { document: EditorDocument }) => (
  <NeedsAttention document={document} step />
);
const PopupNeedsAttention = ({ document }: { document: EditorDocument }) => (
  <NeedsAttention document={document} step={false} />
);

/** The blocks whose links are still to set, outlined on the canvas. */
const linksToSetCss = (document: EditorDocument) =>
  placeholderLinks(document)
    .map((link) => `[data-node-id="${link.id}"]{outline:2px dashed #E8590C;outline-offset:2px}`)
    .join('');

/** What the page editor lends the editor: the funnel's popups, the account's products, what the step sells. */
export const PAGE_EDITOR_SERVICES: Partial<EditorServices> = {
  PopupField: PopupPicker,
  ProductField: ProductPicker,
  useShownDocument,
  CanvasNotice: PageNeedsAttention,
  canvasCss: linksToSetCss,
};

/** The popup editor: the same pickers; a popup is never skipped, so only its links to set are listed. */
export const POPUP_EDITOR_SERVICES: Partial<EditorServices> = {
  ...PAGE_EDITOR_SERVICES,
  CanvasNotice: PopupNeedsAttention,
};

/** Beside a selected block's actions: its link still goes to the template's example address. */
export function LinkToSetHint() {
  return (
    <Text size="xs" c="orange.8" data-testid="block-link-to-set">
      {LINK_TO_SET_MESSAGE}
    </Text>
  );
}
