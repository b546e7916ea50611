import { INTEGRATION_EVENT_LABELS, type IntegrationEvent } from '@funnelwork/domain/integrations/catalogue';
import { Checkbox, Group, TagsInput, TextInput } from '@mantine/core';

/** How each settings field of the catalogue's apps is named on screen. */
const LABELS: Record<string, { label: string; placeholder?: string }> = {
  meta_pixel_id: { label: 'Meta Pixel id', placeholder: '15 or 16 digits' },
  tiktok_pixel_id: { label: 'TikTok Pixel code', placeholder: '20 letters and digits' },
  spreadsheet_id: { label: 'Spreadsheet', placeholder: 'Its address or id' },
  sheet: { label: 'Sheet (tab)', placeholder: 'Orders' },
  list_id: { label: 'Audience id' },
  tags: { label: 'Tags', placeholder: 'Type a tag and press Enter' },
  url: { label: 'URL', placeholder: 'https://' },
  events: { label: 'Events' },
};

type Property = { type?: string; items?: { enum?: string[] } };

/**
 * The form of an app's funnel settings, drawn from its settings schema (JSON Schema from the server's
 * zod contract): lists of choices as check boxes, free lists as tags, the rest as text.
 */
export function AppSettingsFields({
  schema,
  values,
  onChange,
  errorOf,
}: {
  schema: Record<string, unknown>;
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  errorOf: (name: string) => string | undefined;
}) {
  const properties = (schema.properties ?? {}) as Record<string, Property>;
  return (
    <>
      {Object.entries(properties).map(([name, property]) => {
        const { label, placeholder } = LABELS[name] ?? { label: name };
        const choices = property.items?.enum;
        if (property.type === 'array' && choices) {
          return (
            <Checkbox.Group
              key={name}
              label={label}
              value={(values[name] as string[] | undefined) ?? []}
              onChange={(value) => onChange(name, value)}
              error={errorOf(name)}
            >
              <Group mt={6}>
                {choices.map((choice) => (
                  <Checkbox
                    key={choice}
                    value={choice}
                    label={INTEGRATION_EVENT_LABELS[choice as IntegrationEvent] ?? choice}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          );
        }
        if (property.type === 'array') {
          return (
            <TagsInput
              key={name}
              label={label}
              placeholder={placeholder}
              value={(values[name] as string[] | undefined) ?? []}
              onChange={(value) => onChange(name, value)}
              error={errorOf(name)}
            />
          );
        }
        return (
          <TextInput
            key={name}
            label={label}
            placeholder={placeholder}
            value={typeof values[name] === 'string' ? (values[name] as string) : ''}
            onChange={(event) => onChange(name, event.currentTarget.value)}
            error={errorOf(name)}
          />
        );
      })}
    </>
  );
}
