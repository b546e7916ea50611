import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconFolder, IconFolderPlus, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import {
  type FolderFilter,
  useCreateImageFolder,
  useDeleteImage,
  useDeleteImageFolder,
  useImageFolders,
  useImages,
  useRefreshImages,
  useUploadImage,
} from '../images-api.ts';
import classes from './editor.module.css';

type ImageLibraryProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (url: string) => void;
};

/**
 * The image library: upload from disk (file input or drag and drop), folders, pick an image or delete one.
 * Uploads go to the folder on view ("No folder" and "All images" upload into no folder).
 */
export function ImageLibrary({ opened, onClose, onPick }: ImageLibraryProps) {
  const [folder, setFolder] = useState<FolderFilter>('all');
  const [folderName, setFolderName] = useState('');
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const images = useImages(folder, opened);
  const folders = useImageFolders(opened);
  const refresh = useRefreshImages();
  const uploadImage = useUploadImage();
  const deleteImage = useDeleteImage();
  const createFolder = useCreateImageFolder();
  const deleteFolder = useDeleteImageFolder();
  const inputId = useId();

  const upload = async (files: Iterable<File>) => {
    const list = [...files];
    if (list.length === 0) return;
    setUploading((n) => n + list.length);
    const target = typeof folder === 'number' && folder > 0 ? folder : null;
    await Promise.all(
      list.map(async (file) => {
        // A failure is the hook's notice; the other files go on.
        await uploadImage.mutateAsync({ file, folderId: target }).catch(() => undefined);
        setUploading((n) => n - 1);
      }),
    );
    await refresh();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files);
  };

  const addFolder = () => {
    const name = folderName.trim();
    if (!name) return;
    createFolder.mutate(name, {
      onSuccess: async (created) => {
        setFolderName('');
        await refresh();
        setFolder(created.id);
      },
    });
  };

  const removeFolder = (id: number) => {
    deleteFolder.mutate(id, {
      onSettled: async () => {
        setFolder('all');
        await refresh();
      },
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Image library" size="xl">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack w={190} gap={4} aria-label="Image folders" role="navigation">
          <NavLink
            label="All images"
            leftSection={<IconPhoto size={16} />}
            active={folder === 'all'}
            onClick={() => setFolder('all')}
          />
          <NavLink
            label="No folder"
            leftSection={<IconFolder size={16} />}
            active={folder === 0}
            onClick={() => setFolder(0)}
          />
          {folders.data?.map((f) => (
            <NavLink
              key={f.id}
              label={f.name}
              description={`${f.images_count} ${f.images_count === 1 ? 'image' : 'images'}`}
              leftSection={<IconFolder size={16} />}
              active={folder === f.id}
              onClick={() => setFolder(f.id)}
              rightSection={
                folder === f.id ? (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete folder ${f.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      removeFolder(f.id);
                    }}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                ) : null
              }
            />
          ))}
          <Group gap={4} wrap="nowrap" mt="xs">
            <TextInput
              size="xs"
              placeholder="New folder"
              aria-label="New folder name"
              maxLength={100}
              value={folderName}
              onChange={(event) => setFolderName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') addFolder();
              }}
            />
            <ActionIcon variant="light" aria-label="Add folder" onClick={() => addFolder()}>
              <IconFolderPlus size={16} />
            </ActionIcon>
          </Group>
        </Stack>
        <Stack flex={1} gap="sm" miw={0}>
          <label
            htmlFor={inputId}
            className={classes.dropzone}
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <IconUpload size={22} />
            <Text size="sm" fw={500}>
              {uploading > 0 ? `Uploading ${uploading}…` : 'Drop images here or click to upload'}
            </Text>
            <Text size="xs" c="dimmed">
              JPEG, PNG, GIF or WebP, up to 10 MB each
            </Text>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              multiple
              hidden
              aria-label="Upload images"
              onChange={(event) => {
                const files = event.currentTarget.files;
                if (files) void upload(Array.from(files));
                event.currentTarget.value = '';
              }}
            />
          </label>
          <ScrollArea.Autosize mah={420}>
            {images.isPending ? (
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            ) : images.data && images.data.data.length > 0 ? (
              <SimpleGrid cols={4} spacing="xs">
                {images.data.data.map((image) => (
                  <Box key={image.id} className={classes.libraryImage}>
                    <UnstyledButton
                      aria-label={`Use ${image.name}`}
                      onClick={() => {
                        onPick(image.image_url);
                        onClose();
                      }}
                    >
                      <img src={image.image_url} alt={image.name} loading="lazy" />
                    </UnstyledButton>
                    <Tooltip label="Delete">
                      <ActionIcon
                        className={classes.libraryDelete}
                        size="sm"
                        color="red"
                        variant="filled"
                        aria-label={`Delete ${image.name}`}
                        onClick={() => deleteImage.mutate(image.id)}
                      >
                        <IconTrash size={12} />
                      </ActionIcon>
                    </Tooltip>
                    <Text size="xs" truncate px={4}>
                      {image.name}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed" ta="center" py="xl" size="sm">
                No images here yet
              </Text>
            )}
          </ScrollArea.Autosize>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </AppModal>
  );
}
