import type { Product, VariantOption } from '@funnelwork/domain';
import { CURRENCIES, formatPrice, RECURRING_INTERVALS } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AppDrawer } from '../../../shared/popups.tsx';
import {
  useAddVariant,
  useDeleteVariant,
  useProduct,
  useSaveProduct,
  useSaveProductOptions,
} from '../api.ts';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
const ONE_TIME = 'once';
const INTERVAL_OPTIONS = [
  { value: ONE_TIME, label: 'One-time payment' },
  ...RECURRING_INTERVALS.map((i) => ({ value: i, label: `Every ${i}` })),
];

type ProductSettingsPanelProps = {
  funnelId: number;
  stepId: number;
  /** null: a new product. */
  productId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
};

/** The "Product settings" side panel: price, currency, recurring interval, images, options and variants. */
export function ProductSettingsPanel({
  funnelId,
  stepId,
  productId,
  onClose,
  onCreated,
}: ProductSettingsPanelProps) {
  const product = useProduct(productId);
  return (
    <AppDrawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={productId === null ? 'New product' : 'Product settings'}
    >
      {productId !== null && product.isPending ? (
        <Skeleton h={400} />
      ) : (
        <Stack gap="xl">
          <ProductForm
            key={product.data?.updated_at ?? 'new'}
            product={product.data ?? null}
            funnelId={funnelId}
            stepId={stepId}
            onCreated={onCreated}
          />
          {product.data && (
            <>
              <Divider />
              <OptionsEditor product={product.data} />
              <VariantsEditor product={product.data} />
            </>
          )}
        </Stack>
      )}
    </AppDrawer>
  );
}

type ProductFormProps = {
  product: Product | null;
  funnelId: number;
  stepId: number;
  onCreated: (id: number) => void;
};

function ProductForm({ product, funnelId, stepId, onCreated }: ProductFormProps) {
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState<number | string>(product?.price ?? 0);
  const [currency, setCurrency] = useState<string | null>(product?.currency ?? null);
  const [interval, setInterval] = useState<string>(product?.recurring_interval ?? ONE_TIME);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [imageUrl, setImageUrl] = useState('');
  const [imageError, setImageError] = useState<string | undefined>();
  const save = useSaveProduct(product, funnelId, stepId);
  // The server's message about a field, as it sent it.
  const errorOf = (field: string) =>
    save.error?.failure.info.field === `data.${field}` ? save.error.failure.info.data : undefined;

  const addImage = () => {
    const url = imageUrl.trim();
    if (!/^(https?:\/\/|\/)\S*$/.test(url)) {
      save.reset();
      setImageError('An image is an http(s) address or a path on this site');
      return;
    }
    setImages((list) => [...list, url]);
    setImageUrl('');
    save.reset();
    setImageError(undefined);
  };

  const submit = () => {
    setImageError(undefined);
    const data = {
      name: name.trim(),
      description,
      price: Number(price) || 0,
      recurring_interval: interval === ONE_TIME ? null : (interval as (typeof RECURRING_INTERVALS)[number]),
      images,
      ...(currency ? { currency } : {}),
    };
    save.mutate(data, {
      onSuccess: (saved) => {
        if (!product) onCreated(saved.id);
      },
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label="Product name"
          maxLength={200}
          value={name}
          error={errorOf('name')}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <SimpleGrid cols={2}>
          <NumberInput
            label="Price"
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            value={price}
            error={errorOf('price')}
            onChange={setPrice}
          />
          <Select
            label="Currency"
            placeholder="The funnel's currency"
            data={CURRENCY_OPTIONS}
            searchable
            value={currency}
            onChange={setCurrency}
          />
        </SimpleGrid>
        <Select
          label="Billing"
          data={INTERVAL_OPTIONS}
          allowDeselect={false}
          value={interval}
          onChange={(v) => setInterval(v ?? ONE_TIME)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Images
          </Text>
          {images.length > 0 && (
            <Group gap="xs">
              {images.map((url, index) => (
                <div key={url} style={{ position: 'relative' }}>
                  <Image
                    src={url}
                    alt=""
                    w={72}
                    h={72}
                    radius="md"
                    fit="cover"
                    fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
                    bg="gray.1"
                  />
                  <ActionIcon
                    size="xs"
                    color="red"
                    radius="xl"
                    style={{ position: 'absolute', top: -6, right: -6 }}
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => setImages((list) => list.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={10} />
                  </ActionIcon>
                </div>
              ))}
            </Group>
          )}
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="Image URL"
              placeholder="https://…/image.jpg"
              style={{ flex: 1 }}
              value={imageUrl}
              error={imageError ?? errorOf('images')}
              onChange={(e) => setImageUrl(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addImage();
                }
              }}
            />
            <Button variant="default" onClick={addImage} disabled={!imageUrl.trim()}>
              Add image
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {product ? 'Save product' : 'Create product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type OptionDraft = { key: string; name: string; values: string[] };
let draftCounter = 0;
const toDraft = (o: Pick<VariantOption, 'name' | 'values'>): OptionDraft => ({
  key: `option-${++draftCounter}`,
  name: o.name,
  values: o.values,
});

/** The product's options (Size: S, M, L …); PUT replaces the whole list. */
function OptionsEditor({ product }: { product: Product }) {
  const [options, setOptions] = useState<OptionDraft[]>(() => (product.options ?? []).map(toDraft));
  const save = useSaveProductOptions(product.id);
  useEffect(() => {
    setOptions((product.options ?? []).map(toDraft));
  }, [product.options]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={650}>Options</Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => setOptions((list) => [...list, toDraft({ name: '', values: [] })])}
          disabled={options.length >= 10}
        >
          Add option
        </Button>
      </Group>
      {options.length === 0 && (
        <Text size="sm" c="dimmed">
          Add options such as Size or Colour, then variants that combine them.
        </Text>
      )}
      {options.map((option, index) => (
        <Group key={option.key} align="flex-end" wrap="nowrap">
          <TextInput
            label="Option name"
            w={140}
            value={option.name}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setOptions((list) => list.map((o, i) => (i === index ? { ...o, name: value } : o)));
            }}
          />
          <TagsInput
            label="Values"
            placeholder="Type a value, press Enter"
            style={{ flex: 1 }}
            value={option.values}
            onChange={(values) =>
              setOptions((list) => list.map((o, i) => (i === index ? { ...o, values } : o)))
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={`Remove option ${option.name}`}
            onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {options.length > 0 && (
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                options.filter((o) => o.name.trim()).map((o) => ({ name: o.name.trim(), values: o.values })),
              )
            }
          >
            Save options
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function VariantsEditor({ product }: { product: Product }) {
  const variants = product.variants ?? [];
  const options = product.options ?? [];
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | string>(product.price);
  const [sku, setSku] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const addVariant = useAddVariant(product.id);
  const deleteVariant = useDeleteVariant(product.id);

  const add = () =>
    addVariant.mutate(
      { name: name.trim(), price: Number(price) || 0, sku: sku.trim() || null, options: chosen },
      {
        onSuccess: () => {
          setName('');
          setSku('');
          setChosen({});
        },
      },
    );

  return (
    <Stack gap="sm">
      <Text fw={650}>Variants</Text>
      {variants.length > 0 && (
        <Table withTableBorder verticalSpacing="xs" aria-label="Variants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variant</Table.Th>
              <Table.Th>Options</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((variant) => (
              <Table.Tr key={variant.id}>
                <Table.Td>
                  {variant.name}
                  {variant.sku && (
                    <Text size="xs" c="dimmed">
                      SKU {variant.sku}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {Object.entries(variant.options)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join(', ') || '—'}
                </Table.Td>
                <Table.Td>{formatPrice(variant.price, product.currency)}</Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete variant ${variant.name}`}
                    onClick={() => deleteVariant.mutate(variant)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <SimpleGrid cols={3}>
            <TextInput
              label="Variant name"
              size="xs"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <NumberInput
              label="Variant price"
              size="xs"
              min={0}
              decimalScale={2}
              value={price}
              onChange={setPrice}
            />
            <TextInput label="SKU" size="xs" value={sku} onChange={(e) => setSku(e.currentTarget.value)} />
          </SimpleGrid>
          {options.length > 0 && (
            <SimpleGrid cols={3}>
              {options.map((option) => (
                <Select
                  key={option.id}
                  label={option.name}
                  size="xs"
                  data={option.values}
                  value={chosen[option.name] ?? null}
                  onChange={(value) =>
                    setChosen((current) => {
                      const next = { ...current };
                      if (value) next[option.name] = value;
                      else delete next[option.name];
                      return next;
                    })
                  }
                />
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button
              size="xs"
              type="submit"
              loading={addVariant.isPending}
              disabled={!name.trim()}
              leftSection={<IconPlus size={14} />}
            >
              Add variant
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
