import { CodeFlag, INQUIRY_MAX_DEADLINE_DAYS, type TInquiryDetail, UPLOAD_MAX_FILES } from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drafts, useDraft } from '../../components/form/draft';
import { useFieldErrors } from '../../components/form/useFieldErrors';
import { useImageUploads } from '../../components/ImageUploader';
import { isApiError } from '../../lib/api';
import { showFail } from '../../lib/feedback';
import { useMessage } from '../../lib/validation';
import { useCompanyInfoGate } from '../companies/useCompanyInfoGate';
import { inquiryKeys, useSaveInquiry } from './api';
import {
  canAddSpec,
  emptyInquiryForm,
  emptySpec,
  firstError,
  type InquiryForm,
  inquiryFormErrors,
  inquiryFormFromDetail,
  type SpecRow,
  toLocalInput,
  toSaveRequest,
} from './form';

/**
 * The draft survives the trip to help_choose_inquiry and a reload; it goes once the inquiry is sent.
 * Changing an inquiry (`id`) has a draft of its own, so a half-written new one is left alone.
 */
export const inquiryDraftKey = (userId: number, id = 0) =>
  id > 0 ? `metal.inquiries.draft.${userId}.${id}` : `metal.inquiries.draft.${userId}`;

/** Answers of `inquiry/save` or `inquiry/detail` saying the inquiry can no longer be changed here. */
const GONE_CODE_FLAGS: readonly number[] = [CodeFlag.forbidden, CodeFlag.notFound, CodeFlag.conflict];

interface InquiryFormOptions {
  userId: number;
  /** The poster's account, the receiver's phone of a new inquiry. */
  account: string;
  /** The company's own inquiry being changed; none when posting a new one. */
  editing?: TInquiryDetail;
  onSaved: (saved: TInquiryDetail) => void;
}

/**
 * input_inquiry's state and actions: the form kept as a draft, its field errors, the attachments being
 * uploaded, the product rows, and sending it through the company-info gate. The sections render it.
 */
export function useInquiryForm({ userId, account, editing, onSaved }: InquiryFormOptions) {
  const { t } = useTranslation('inquiries');
  const message = useMessage();
  const queryClient = useQueryClient();
  const save = useSaveInquiry();
  const gate = useCompanyInfoGate();
  const errors = useFieldErrors();
  const editId = editing?.id ?? 0;
  const draftKey = inquiryDraftKey(userId, editId);
  const [draft, setDraft] = useDraft<InquiryForm>(draftKey);
  const initial = useMemo(
    () => (editing ? inquiryFormFromDetail(editing) : emptyInquiryForm({ name: '', phone: account })),
    [editing, account],
  );
  const stored = draft ?? initial;
  // Drafts saved before `kept` existed have none.
  const form = { ...stored, kept: stored.kept ?? [] };
  const uploads = useImageUploads('image', Math.max(0, UPLOAD_MAX_FILES - form.kept.length));
  // The deadline input's bounds: from now to 90 days ahead (the server checks the same).
  const [bounds] = useState(() => {
    const now = new Date();
    return {
      min: toLocalInput(now),
      max: toLocalInput(new Date(now.getTime() + INQUIRY_MAX_DEADLINE_DAYS * 86_400_000)),
    };
  });

  /** Changes the form and clears the errors of the fields the change answers. */
  const update = (patch: Partial<InquiryForm>, ...fields: string[]) => {
    setDraft({ ...form, ...patch });
    for (const field of fields) if (errors.keys[field]) errors.set(field, '');
  };
  const updateSpec = (index: number, patch: Partial<SpecRow>, field: string) => {
    update(
      { specs: form.specs.map((spec, i) => (i === index ? { ...spec, ...patch } : spec)) },
      `specs.${index}.${field}`,
      'specs',
    );
  };
  const addSpec = () => {
    if (!canAddSpec(form)) {
      showFail(message('inquiry.tooManySpecs'));
      return;
    }
    update({ specs: [...form.specs, emptySpec(form.specs)] }, 'specs');
  };
  const removeSpec = (index: number) => {
    update({ specs: form.specs.filter((_, i) => i !== index) });
    // Row errors are by index; after a removal they would sit on the wrong rows.
    errors.setAll(Object.fromEntries(Object.entries(errors.keys).filter(([field]) => !field.startsWith('specs.'))));
  };

  /** The uploader's pictures live with the page; those already uploaded go into the draft before leaving it. */
  const keepUploads = () => {
    const uploaded = uploads.uploaded.map((file) => ({ url: file.url, thumbUrl: file.thumbUrl ?? file.url }));
    if (uploaded.length > 0) setDraft({ ...form, kept: [...form.kept, ...uploaded] });
  };

  const submit = async () => {
    if (uploads.busy) return showFail(t('form.uploading'));
    if (uploads.failed) return showFail(t('form.uploadFailed'));
    const request = toSaveRequest(
      form,
      [...form.kept.map((file) => file.url), ...uploads.uploaded.map((file) => file.url)],
      editId,
    );
    const problems = inquiryFormErrors(form, request);
    errors.setAll(problems);
    const first = firstError(problems);
    if (first) {
      showFail(message(first[1]));
      document.querySelector(`[data-field="${first[0]}"]`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    await gate.guard(async () => {
      try {
        const saved = await save.mutateAsync(request);
        // Written at once: the form leaves for the done screen before a state update would run.
        drafts.write(draftKey, null);
        onSaved(saved);
      } catch (error) {
        // What was typed stays; the server's reasons go beside their fields.
        if (isApiError(error) && error.errors) errors.setAll(error.errors);
        // Approved, deleted or otherwise out of reach meanwhile: the page asks again and says so.
        if (editId > 0 && isApiError(error) && GONE_CODE_FLAGS.includes(error.codeFlag))
          void queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      }
    });
  };

  return {
    form,
    editing,
    editId,
    errors,
    uploads,
    bounds,
    update,
    updateSpec,
    addSpec,
    removeSpec,
    keepUploads,
    submit,
    submitting: save.isPending || gate.checking,
  };
}

export type InquiryFormState = ReturnType<typeof useInquiryForm>;
