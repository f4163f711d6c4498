import { useRef, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoredFileRef } from '../../domain/fields';
import { errorText } from '../i18n/error-text';
import { http } from '../providers/http';
import { toast } from '../toast';
import { downloadFile } from './download';

/** What a CV upload offers; the server decides by the content, not by this. */
export const CV_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Options {
  /** The file's own name, for the download. */
  name?: string;
  accept: string;
  /** Toast texts after a change; the caller refreshes what shows the file. */
  uploadedText: string;
  deletedText?: string;
  onChanged: () => Promise<unknown> | void;
  /** Where a refused upload is said; a toast when not given. */
  onUploadError?: (text: string) => void;
  onUploadStart?: () => void;
}

/**
 * A file kept on a row, as the server's file slot serves it at `url`: PUT replaces it, GET
 * downloads it, DELETE removes it. Gives the hidden input to render, and the actions.
 */
export function useFileSlot(url: string, o: Options) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      // The browser writes the multipart boundary itself.
      return (await http.put<StoredFileRef>(url, form, { headers: { 'Content-Type': 'multipart/form-data' } })).data;
    },
    onMutate: () => o.onUploadStart?.(),
    onSuccess: async () => {
      toast.success(o.uploadedText);
      await o.onChanged();
    },
    onError: (e) => (o.onUploadError ? o.onUploadError(errorText(t, e)) : toast.error(errorText(t, e))),
  });
  const remove = useMutation({
    mutationFn: async () => (await http.delete(url)).data,
    onSuccess: async () => {
      if (o.deletedText) toast.success(o.deletedText);
      await o.onChanged();
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const download = async () => {
    try {
      await downloadFile(url, { name: o.name, fallbackName: 'file' });
    } catch (e) {
      toast.error(errorText(t, e));
    }
  };
  const inputProps = {
    ref: input,
    type: 'file',
    accept: o.accept,
    hidden: true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const chosen = e.target.files?.[0];
      // The same file chosen again is a new upload.
      e.target.value = '';
      if (chosen) upload.mutate(chosen);
    },
  };
  return { inputProps, pick: () => input.current?.click(), upload, remove, download };
}
