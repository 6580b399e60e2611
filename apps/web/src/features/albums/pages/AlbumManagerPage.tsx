import { albumName, MAX_ALBUM_PICTURES, MAX_COMPANY_ALBUMS, type TAlbum } from '@metal/shared';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { NameSheet } from '../../../components/NameSheet';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useAlbums, useCreateAlbum, useDeleteAlbum, useRenameAlbum } from '../api';
import '../albums.css';

type Naming = { album: TAlbum | null } | null;

/** A bottom sheet naming a new album or renaming one, checked by the shared rule before it is sent. */
function AlbumNameSheet({ naming, onClose }: { naming: Naming; onClose: () => void }) {
  const { t } = useTranslation('albums');
  const create = useCreateAlbum();
  const rename = useRenameAlbum();
  const album = naming?.album ?? null;
  return (
    <NameSheet
      open={naming && { key: album?.id ?? 'new', initial: album?.name ?? '' }}
      title={album ? t('manager.rename') : t('manager.create')}
      label={t('manager.nameLabel')}
      placeholder={t('manager.namePlaceholder')}
      check={(name) => {
        const parsed = albumName().safeParse(name);
        return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'album.nameInvalid');
      }}
      save={async (name) => {
        if (album) await rename.mutateAsync({ id: album.id, name });
        else await create.mutateAsync(name);
        showSuccess(album ? t('manager.renamed') : t('manager.created'));
      }}
      saving={create.isPending || rename.isPending}
      onClose={onClose}
      saveTestId="album-name-save"
    />
  );
}

/** SPEC §2 pagesA/album_manager ('company album'): the company's albums; the owner makes, renames and deletes them. */
export default function AlbumManagerPage() {
  const { t } = useTranslation(['albums', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const albums = useAlbums();
  const remove = useDeleteAlbum();
  const [naming, setNaming] = useState<Naming>(null);
  const [acting, setActing] = useState<TAlbum | null>(null);
  const data = albums.data;

  const confirmDelete = async (album: TAlbum) => {
    const ok = await confirmDestructive({
      content: t('albums:manager.deleteConfirm', { name: album.name, count: album.count }),
      confirmText: t('albums:manager.delete'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(album.id);
      showSuccess(t('albums:manager.deleted'));
    } catch {
      // The toast has said why.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('albums:loginTitle')}
        action={{ label: t('albums:login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (albums.isError) {
    body = <ErrorScreen error={albums.error} onRetry={() => void albums.refetch()} />;
  } else if (!data) {
    body = <PageLoading />;
  } else if (data.albums.length === 0) {
    body = (
      <EmptyState
        title={t('albums:manager.empty')}
        description={data.editable ? t('albums:manager.emptyText') : t('albums:manager.emptyStaff')}
        {...(data.editable
          ? { action: { label: t('albums:manager.create'), onClick: () => setNaming({ album: null }) } }
          : {})}
      />
    );
  } else {
    body = (
      <>
        <ul className="mm-album-grid" data-testid="album-list">
          {data.albums.map((album) => (
            <li key={album.id} className="mm-album-card">
              <button
                type="button"
                className="mm-album-open"
                onClick={() => navigate(`${Paths.albumPictureManager}?id=${album.id}`)}
              >
                <span className="mm-album-cover">
                  {album.cover ? (
                    <img src={album.cover.thumbUrl} alt="" />
                  ) : (
                    <span className="mm-album-nocover">
                      <PictureOutline />
                      {t('albums:manager.noPictures')}
                    </span>
                  )}
                </span>
                <span className="mm-album-name">{album.name}</span>
                <span className="mm-album-count">{t('albums:count', { count: album.count })}</span>
              </button>
              {data.editable && (
                <button
                  type="button"
                  className="mm-album-more"
                  aria-label={t('albums:manager.more', { name: album.name })}
                  onClick={() => setActing(album)}
                >
                  <MoreOutline />
                </button>
              )}
            </li>
          ))}
        </ul>
        {data.editable ? (
          <div className="mm-album-footer">
            <Button
              block
              shape="rounded"
              size="large"
              color="primary"
              fill="outline"
              disabled={data.albums.length >= MAX_COMPANY_ALBUMS}
              onClick={() => setNaming({ album: null })}
              data-testid="album-create"
            >
              <AddOutline /> {t('albums:manager.create')}
            </Button>
            <p>{t('albums:manager.limit', { albums: MAX_COMPANY_ALBUMS, pictures: MAX_ALBUM_PICTURES })}</p>
          </div>
        ) : (
          <p className="mm-album-note">{t('albums:manager.ownerOnly')}</p>
        )}
      </>
    );
  }

  return (
    <Page title={t('albums:manager.title')} backTo={Paths.userCenter} className="mm-albums">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await albums.refetch()))}>{body}</PullToRefresh>
      <AlbumNameSheet naming={naming} onClose={() => setNaming(null)} />
      <ActionSheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        cancelText={t('common:cancel')}
        actions={
          acting
            ? [
                { key: 'rename', text: t('albums:manager.rename'), onClick: () => setNaming({ album: acting }) },
                {
                  key: 'delete',
                  text: t('albums:manager.delete'),
                  danger: true,
                  onClick: () => void confirmDelete(acting),
                },
              ]
            : []
        }
        onAction={() => setActing(null)}
      />
    </Page>
  );
}
