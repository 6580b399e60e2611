import { CodeFlag, MAX_ALBUM_PICTURES, UPLOAD_MAX_FILES } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useAddPictures, useAlbum, useOrderPictures, useRemovePictures, useSetCover } from '../api';
import '../albums.css';
import { moved } from '../order';

/**
 * SPEC §2 pagesA/album_picture_manager?id=<albumId>: one album's pictures. The owner adds uploaded
 * pictures, and in managing mode selects pictures to delete or make the cover, and moves them.
 */
export default function AlbumPictureManagerPage() {
  const { t } = useTranslation(['albums', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const { loggedIn } = useSession();
  const album = useAlbum(Number.isInteger(id) && id > 0 ? id : 0);
  const add = useAddPictures(id);
  const remove = useRemovePictures(id);
  const order = useOrderPictures(id);
  const cover = useSetCover(id);
  const data = album.data;
  const room = Math.max(0, MAX_ALBUM_PICTURES - (data?.pictures.length ?? 0));
  const uploads = useImageUploads('image', Math.min(room, UPLOAD_MAX_FILES));
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);

  const toggle = (pictureId: number) =>
    setSelected((current) =>
      current.includes(pictureId) ? current.filter((p) => p !== pictureId) : [...current, pictureId],
    );

  const addUploaded = async () => {
    if (uploads.uploaded.length === 0 || uploads.busy) return;
    const keys = uploads.doneKeys;
    try {
      await add.mutateAsync(uploads.uploaded.map((file) => file.id));
      uploads.remove(keys);
      showSuccess(t('albums:pictures.added'));
    } catch {
      // The toast has said why; the uploaded pictures stay for another try.
    }
  };

  const removeSelected = async () => {
    const ok = await confirmDestructive({
      content: t('albums:pictures.deleteConfirm', { count: selected.length }),
      confirmText: t('albums:pictures.deleteShort'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(selected);
      setSelected([]);
      showSuccess(t('albums:pictures.deleted'));
    } catch {
      // The toast has said why.
    }
  };

  const makeCover = async () => {
    try {
      await cover.mutateAsync(selected[0]!);
      setSelected([]);
      showSuccess(t('albums:pictures.coverSet'));
    } catch {
      // The toast has said why.
    }
  };

  const backToAlbums = {
    label: t('albums:pictures.back'),
    onClick: () => navigate(Paths.albumManager, { replace: true }),
  };
  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('albums:loginTitle')}
        action={{ label: t('albums:login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (
    !(id > 0) ||
    // Another company's album is, to this company, one that does not exist.
    (isApiError(album.error) && album.error.codeFlag === CodeFlag.forbidden)
  ) {
    body = <NotFoundScreen title={t('albums:pictures.notFound')} way={backToAlbums} />;
  } else if (album.isError) {
    body = (
      <ErrorScreen
        error={album.error}
        notFoundTitle={t('albums:pictures.notFound')}
        way={backToAlbums}
        onRetry={() => void album.refetch()}
      />
    );
  } else if (!data) {
    body = <PageLoading />;
  } else {
    const pictures = data.pictures;
    const coverId = data.album.cover?.id;
    body = (
      <>
        {pictures.length === 0 ? (
          <EmptyState
            title={t('albums:pictures.empty')}
            description={data.editable ? t('albums:pictures.emptyText') : undefined}
          />
        ) : (
          <ul className="mm-picture-grid" data-testid="album-pictures">
            {pictures.map((picture, index) => {
              const isSelected = selected.includes(picture.id);
              return (
                <li key={picture.id} className={`mm-picture ${isSelected ? 'is-selected' : ''}`}>
                  <button
                    type="button"
                    className="mm-picture-open"
                    aria-pressed={managing ? isSelected : undefined}
                    aria-label={
                      managing ? t('albums:pictures.select', { index: index + 1 }) : t('albums:pictures.view')
                    }
                    onClick={() => (managing ? toggle(picture.id) : setViewing(index))}
                  >
                    <img src={picture.thumbUrl} alt="" loading="lazy" />
                    {picture.id === coverId && <span className="mm-picture-cover">{t('albums:pictures.cover')}</span>}
                    {managing && (
                      <span className="mm-picture-check" aria-hidden="true">
                        {isSelected && <CheckCircleFill />}
                      </span>
                    )}
                  </button>
                  {managing && (
                    <div className="mm-picture-move">
                      <button
                        type="button"
                        aria-label={t('albums:pictures.moveLeft', { index: index + 1 })}
                        disabled={index === 0 || order.isPending}
                        onClick={() => order.mutate(moved(pictures, index, -1).map((p) => p.id))}
                      >
                        <LeftOutline />
                      </button>
                      <button
                        type="button"
                        aria-label={t('albums:pictures.moveRight', { index: index + 1 })}
                        disabled={index === pictures.length - 1 || order.isPending}
                        onClick={() => order.mutate(moved(pictures, index, 1).map((p) => p.id))}
                      >
                        <RightOutline />
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}

        {data.editable && !managing && (
          <section className="mm-card mm-album-add" data-testid="album-add">
            <h2 className="mm-section-title">{t('albums:pictures.add')}</h2>
            {room > 0 ? (
              <>
                <ImageUploader uploads={uploads} />
                <Button
                  block
                  color="primary"
                  shape="rounded"
                  size="large"
                  className="mm-album-add-button"
                  disabled={uploads.uploaded.length === 0 || uploads.busy}
                  loading={add.isPending}
                  onClick={() => void addUploaded()}
                  data-testid="album-add-submit"
                >
                  {uploads.busy
                    ? t('albums:pictures.uploadingWait')
                    : t('albums:pictures.addTo', { count: uploads.uploaded.length })}
                </Button>
              </>
            ) : (
              <p className="mm-album-note">{t('albums:pictures.full', { max: MAX_ALBUM_PICTURES })}</p>
            )}
          </section>
        )}

        {managing && (
          <div className="mm-picture-toolbar" data-testid="album-toolbar">
            <Button
              shape="rounded"
              disabled={selected.length !== 1 || cover.isPending}
              onClick={() => void makeCover()}
            >
              {t('albums:pictures.setCover')}
            </Button>
            <Button
              shape="rounded"
              color="danger"
              disabled={selected.length === 0 || remove.isPending}
              onClick={() => void removeSelected()}
            >
              {t('albums:pictures.delete', { count: selected.length })}
            </Button>
          </div>
        )}
        <ImageViewer.Multi
          visible={viewing !== null}
          images={pictures.map((p) => p.url)}
          defaultIndex={viewing ?? 0}
          onClose={() => setViewing(null)}
        />
      </>
    );
  }

  const canManage = Boolean(data?.editable && data.pictures.length > 0);
  return (
    <Page
      title={data?.album.name ?? t('albums:pictures.title')}
      backTo={Paths.albumManager}
      className="mm-albums"
      right={
        canManage && (
          <button
            type="button"
            className="mm-header-action"
            onClick={() => {
              setManaging(!managing);
              setSelected([]);
            }}
            data-testid="album-manage"
          >
            {managing ? t('albums:pictures.done') : t('albums:pictures.manage')}
          </button>
        )
      }
    >
      <PullToRefresh onRefresh={async () => void (loggedIn && (await album.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
