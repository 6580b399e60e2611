import { MAX_CAPACITY_IMAGES, type TCapacityDetail } from '@metal/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDraft } from '../../components/form/draft';
import { useFieldErrors } from '../../components/form/useFieldErrors';
import { useImageUploads } from '../../components/ImageUploader';
import { Dialog } from '../../lib/dialog';
import { showFail, showInfo, showSuccess } from '../../lib/feedback';
import { Paths } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { useMessage } from '../../lib/validation';
import { useCompanyInfoGate } from '../companies/useCompanyInfoGate';
import { useSaveCapacity } from './api';
import {
  type CapacityDraft,
  capacityDraftKey,
  capacityErrors,
  draftFromDetail,
  sameRequest,
  toSaveRequest,
} from './form';

interface CapacityFormOptions {
  /** The capacity being changed; 0 when posting a new one. */
  id: number;
  detail?: TCapacityDetail;
  /** The form before any draft: the capacity's own fields, or empty ones with the company's contact. */
  initial: CapacityDraft;
}

/**
 * input_capacity's state and actions: the draft (shared with choose_capacity_attr), its field errors,
 * the images being uploaded, and saving through the company-info gate. The sections render it.
 */
export function useCapacityForm({ id, detail, initial }: CapacityFormOptions) {
  const { t } = useTranslation('capacities');
  const navigate = useNavigate();
  const message = useMessage();
  const { user } = useSession();
  const key = capacityDraftKey(user?.userId ?? 0, id);
  const [stored, setDraft] = useDraft<CapacityDraft>(key);
  const draft = stored ?? initial;
  const save = useSaveCapacity();
  const gate = useCompanyInfoGate();
  const errors = useFieldErrors();
  const uploads = useImageUploads('image', Math.max(0, MAX_CAPACITY_IMAGES - draft.images.length));

  // The draft exists from the first render on, so choose_capacity_attr always finds what this page shows.
  const leaving = useRef(false);
  useEffect(() => {
    if (stored === null && !leaving.current) setDraft(initial);
  }, [stored, initial, setDraft]);

  // A finished upload joins the draft's images (which outlive the page), and leaves the uploader.
  const { uploaded, doneKeys, remove: forgetUploads } = uploads;
  useEffect(() => {
    if (doneKeys.length === 0) return;
    setDraft((current) => {
      const base = current ?? initial;
      return {
        ...base,
        images: [...base.images, ...uploaded.map((f) => ({ id: f.id, url: f.url, thumbUrl: f.thumbUrl ?? f.url }))],
      };
    });
    forgetUploads(doneKeys);
  }, [uploaded, doneKeys, forgetUploads, setDraft, initial]);

  /** Changes the draft and clears the errors of the fields changed. */
  const update = (change: Partial<CapacityDraft>) => {
    setDraft((current) => ({ ...(current ?? initial), ...change }));
    for (const field of Object.keys(change)) if (errors.keys[field]) errors.set(field, '');
  };

  const request = toSaveRequest(draft, id);
  const unchanged = detail ? sameRequest(request, toSaveRequest(draftFromDetail(detail), id)) : false;

  const openAttributes = () => {
    if (uploads.busy) {
      showInfo(t('input.waitUploads'));
      return;
    }
    navigate(`${Paths.chooseCapacityAttr}${id > 0 ? `?id=${id}` : ''}`);
  };

  const submit = async () => {
    if (uploads.busy) {
      showInfo(t('input.waitUploads'));
      return;
    }
    if (uploads.failed) {
      showFail(t('input.uploadFailed'));
      return;
    }
    const problems = capacityErrors(request);
    errors.setAll(problems);
    const first = Object.entries(problems)[0];
    if (first) {
      showFail(message(first[1]));
      document.querySelector(`[data-field="${first[0]}"]`)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (detail?.status === 'passed') {
      const confirmed = await Dialog.confirm({
        content: t('input.passedConfirm'),
        confirmText: t('input.passedConfirmOk'),
        cancelText: t('input.cancel'),
      });
      if (!confirmed) return;
    }
    await gate.guard(async () => {
      try {
        const saved = await save.mutateAsync(request);
        // The draft is done with; leaving first keeps the page from writing it again as it goes.
        leaving.current = true;
        navigate(Paths.capacityManage, { replace: true });
        setDraft(null);
        showSuccess(saved.status === 'waiting' ? t('input.submitted') : t('input.savedUnchanged'));
      } catch (error) {
        // What was typed stays; the server's reasons go beside their fields.
        errors.setFromServer(error);
      }
    });
  };

  return {
    id,
    detail,
    draft,
    errors,
    uploads,
    update,
    unchanged,
    openAttributes,
    submit,
    submitting: save.isPending || gate.checking,
  };
}

export type CapacityFormState = ReturnType<typeof useCapacityForm>;
