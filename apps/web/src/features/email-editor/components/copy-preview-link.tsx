import { IconLink } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { ToolbarButton } from '../../editor/index.ts';

export const PREVIEW_LINK_COPIED = 'Preview link copied';
export const PREVIEW_LINK_NOT_COPIED = 'The preview link could not be copied: your browser refused';

/**
 * "Copy preview link": the signed `/preview-user-template/{id}?uid&key` address of the saved e-mail,
 * which opens without signing in, for a colleague or a client to look at.
 */
export function CopyPreviewLink({ previewUrl }: { previewUrl: string | null }) {
  if (!previewUrl) return null;
  const href = new URL(previewUrl, window.location.origin).href;
  const copy = () =>
    navigator.clipboard.writeText(href).then(
      () => notifySuccess(PREVIEW_LINK_COPIED),
      () => notifyError(PREVIEW_LINK_NOT_COPIED),
    );
  return (
    <ToolbarButton
      label="Copy preview link"
      icon={<IconLink size={16} />}
      onClick={copy}
      tooltip="Anyone with the link sees the saved version, without signing in"
      data-preview-url={href}
    />
  );
}
