import type { Product, ProductVariant, VariantOption } from '@funnelwork/domain';
import { CURRENCIES, RECURRING_INTERVALS } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Button,
  Divider,
  Drawer,
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, apiOrThrow } from '../../../shared/api-client.ts';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { funnelKeys } from '../../funnels/api.ts';
import { productKeys } from '../api.ts';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
const ONE_TIME = 'once';
const INTERVAL_OPTIONS = [
  { value: ONE_TIME, label: 'One-time payment' },
  ...RECURRING_INTERVALS.map((i) => ({ value: i, label: `Every ${i}` })),
];

const productKey = (id: number) => ['products', id] as const;

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
  const product = useQuery({
    queryKey: productKey(productId ?? 0),
    queryFn: () => apiOrThrow<Product>('GET', `products/${productId}`, { query: { include: 'variants' } }),
    enabled: productId !== null,
  });
  return (
    <Drawer
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
    </Drawer>
  );
}

type ProductFormProps = {
  product: Product | null;
  funnelId: number;
  stepId: number;
  onCreated: (id: number) => void;
};

function ProductForm({ product, funnelId, stepId, onCreated }: ProductFormProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState<number | string>(product?.price ?? 0);
  const [currency, setCurrency] = useState<string | null>(product?.currency ?? null);
  const [interval, setInterval] = useState<string>(product?.recurring_interval ?? ONE_TIME);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [imageUrl, setImageUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const addImage = () => {
    const url = imageUrl.trim();
    if (!/^(https?:\/\/|\/)\S*$/.test(url)) {
      setErrors({ images: 'An image is an http(s) address or a path on this site' });
      return;
    }
    setImages((list) => [...list, url]);
    setImageUrl('');
    setErrors({});
  };

  const save = async () => {
    setBusy(true);
    setErrors({});
    const data = {
      name: name.trim(),
      description,
      price: Number(price) || 0,
      recurring_interval: interval === ONE_TIME ? null : (interval as (typeof RECURRING_INTERVALS)[number]),
      images,
      ...(currency ? { currency } : {}),
    };
    const result = product
      ? await api<Product>('PATCH', `products/${product.id}`, { body: { data } })
      : await api<Product>('POST', 'products', {
          body: { data: { ...data, funnel_id: funnelId, step_id: stepId } },
        });
    setBusy(false);
    if (result.error !== undefined) {
      if (result.info.field) setErrors({ [result.info.field.replace(/^data\./, '')]: result.info.data });
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: productKeys.step(stepId) });
    await queryClient.invalidateQueries({ queryKey: funnelKeys.products(funnelId) });
    if (product) {
      queryClient.setQueryData(productKey(product.id), (old: Product | undefined) => ({
        ...old,
        ...result.data,
      }));
      notifySuccess('Product saved');
    } else {
      notifySuccess('Product created');
      onCreated(result.data.id);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <TextInput
          label="Product name"
          maxLength={200}
          value={name}
          error={errors.name}
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
            error={errors.price}
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
              error={errors.images}
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
          <Button type="submit" loading={busy} disabled={!name.trim()}>
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
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<OptionDraft[]>(() => (product.options ?? []).map(toDraft));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setOptions((product.options ?? []).map(toDraft));
  }, [product.options]);

  const save = async () => {
    setBusy(true);
    const result = await api<VariantOption[]>('PUT', 'product-variant-options', {
      query: { productId: product.id },
      body: {
        data: options.filter((o) => o.name.trim()).map((o) => ({ name: o.name.trim(), values: o.values })),
      },
    });
    setBusy(false);
    if (result.error !== undefined) return notifyError(result.error);
    notifySuccess('Options saved');
    await queryClient.invalidateQueries({ queryKey: productKey(product.id) });
  };

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
          <Button size="xs" variant="light" loading={busy} onClick={() => void save()}>
            Save options
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function VariantsEditor({ product }: { product: Product }) {
  const queryClient = useQueryClient();
  const variants = product.variants ?? [];
  const options = product.options ?? [];
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | string>(product.price);
  const [sku, setSku] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: productKey(product.id) });

  const add = async () => {
    setBusy(true);
    const result = await api<ProductVariant>('POST', 'product-variants', {
      body: {
        data: {
          product_id: product.id,
          name: name.trim(),
          price: Number(price) || 0,
          sku: sku.trim() || null,
          options: chosen,
        },
      },
    });
    setBusy(false);
    if (result.error !== undefined) return notifyError(result.error);
    setName('');
    setSku('');
    setChosen({});
    await refresh();
  };

  const remove = async (variant: ProductVariant) => {
    const result = await api<unknown>('DELETE', `product-variants/${variant.id}`);
    if (result.error !== undefined) return notifyError(result.error);
    await refresh();
  };

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
                <Table.Td>{variant.price.toFixed(2)}</Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete variant ${variant.name}`}
                    onClick={() => void remove(variant)}
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
          void add();
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
              loading={busy}
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
