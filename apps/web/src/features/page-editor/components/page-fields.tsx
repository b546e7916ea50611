import { type EditorDocument, NOTHING_TO_SELL } from '@funnelwork/blocks';
import type { Product } from '@funnelwork/domain';
import { formatPrice } from '@funnelwork/domain/rules';
import { Alert, Select } from '@mantine/core';
import { useParams } from 'react-router';
import type { ChoiceFieldProps, EditorServices } from '../../editor/index.ts';
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

/** "Nothing to sell" above the canvas: the page takes payments but its step sells nothing. */
function NothingToSellNotice({ document }: { document: EditorDocument }) {
  const sellsNothing = useSellsNothing(document);
  if (!sellsNothing) return null;
  return (
    <Alert
      color="yellow"
      radius="md"
      title="Nothing to sell"
      data-testid="nothing-to-sell"
      style={{ maxWidth: 520, margin: '0 auto 16px' }}
    >
      {NOTHING_TO_SELL}
    </Alert>
  );
}

/** What the page editor lends the editor: the funnel's popups, the account's products, what the step sells. */
export const PAGE_EDITOR_SERVICES: Partial<EditorServices> = {
  PopupField: PopupPicker,
  ProductField: ProductPicker,
  useShownDocument,
  CanvasNotice: NothingToSellNotice,
};
