import '@mantine/tiptap/styles.css';
import './prosemirror.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { lifeImpactKey, saveLifeImpact } from './life-impact-api';

const m = messages.lifeImpact;

/**
 * The administrators' editor of the Life Impact page (Mantine's tiptap editor): headings, emphasis,
 * lists, quotes and links, the formatting the server's allow-list keeps. Saving answers the page as
 * stored, which is what everyone then reads.
 */
export function LifeImpactEditor({ content, onDone }: { content: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content,
    shouldRerenderOnTransaction: true,
    // The CSP refuses injected <style> elements: the same rules come from prosemirror.css.
    injectCSS: false,
    editorProps: {
      attributes: { 'aria-label': m.editorLabel, role: 'textbox', 'aria-multiline': 'true' },
    },
  });
  const mutation = useMutation({
    mutationFn: () => saveLifeImpact({ content: editor?.getHTML() ?? '' }),
    meta: { showsInline: (e: unknown) => isApiError(e) && e.status === 400 },
    onSuccess: (page) => {
      queryClient.setQueryData(lifeImpactKey, page);
      notifySuccess(m.saved);
      onDone();
    },
    onError: (e) => setError(isApiError(e) ? e.detail : String(e)),
  });

  return (
    <Stack gap="md">
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={320} />
      </RichTextEditor>
      {error && (
        <Text c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {m.cancel}
        </Button>
        <Button onClick={() => mutation.mutate()} loading={mutation.isPending}>
          {m.save}
        </Button>
      </Group>
    </Stack>
  );
}
