import { albumName, MAX_ALBUM_PICTURES, MAX_COMPANY_ALBUMS, type TAlbum } from '@metal/shared';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useAlbums, useCreateAlbum, useDeleteAlbum, useRenameAlbum } from '../api';
import '../albums.css';

type Naming = { album: TAlbum | null } | null;

/** A bottom sheet naming a new album or renaming one, checked by the shared rule before it is sent. */
function NameSheet({ naming, onClose }: { naming: Naming; onClose: () => void }) {
  return (
    <Popup visible={naming !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-album-sheet">
      {naming && <NameForm key={naming.album?.id ?? 'new'} album={naming.album} onClose={onClose} />}
    </Popup>
  );
}

function NameForm({ album, onClose }: { album: TAlbum | null; onClose: () => void }) {
  const { t } = useTranslation(['albums', 'common']);
  const message = useMessage();
  const create = useCreateAlbum();
  const rename = useRenameAlbum();
  const [name, setName] = useState(album?.name ?? '');
  const [error, setError] = useState('');
  const busy = create.isPending || rename.isPending;

  const save = async () => {
    const parsed = albumName().safeParse(name);
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? 'album.nameInvalid'));
    if (album && parsed.data === album.name) return onClose();
    try {
      if (album) await rename.mutateAsync({ id: album.id, name: parsed.data });
      else await create.mutateAsync(parsed.data);
      showSuccess(album ? t('albums:manager.renamed') : t('albums:manager.created'));
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.errors?.name) setError(failure.errors.name);
    }
  };

  return (
    <>
      <h3 className="mm-album-sheet-title">{album ? t('albums:manager.rename') : t('albums:manager.create')}</h3>
      <div className={`mm-album-sheet-input ${error ? 'has-error' : ''}`}>
        <Input
          name="name"
          value={name}
          onChange={(value) => {
            setName(value);
            setError('');
          }}
          placeholder={t('albums:manager.namePlaceholder')}
          aria-label={t('albums:manager.nameLabel')}
          clearable
          onEnterPress={() => void save()}
        />
      </div>
      {error && (
        <div className="mm-album-error" role="alert">
          {error}
        </div>
      )}
      <div className="mm-album-sheet-actions">
        <Button shape="rounded" size="large" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          onClick={() => void save()}
          data-testid="album-name-save"
        >
          {t('common:confirm')}
        </Button>
      </div>
    </>
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
    const ok = await Dialog.confirm({
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
  } else if (albums.isPending) {
    body = <PageLoading />;
  } else if (!data) {
    body = (
      <EmptyState
        title={t('albums:loadFailed')}
        action={{ label: t('common:retry'), onClick: () => void albums.refetch() }}
      />
    );
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
      <NameSheet naming={naming} onClose={() => setNaming(null)} />
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
