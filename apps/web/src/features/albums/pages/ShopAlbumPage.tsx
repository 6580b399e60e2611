import ImageViewer from 'antd-mobile/es/components/image-viewer';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useCompanyAlbums } from '../api';
import '../albums.css';

/** SPEC §2 shop_album?id=<rootId> ('album'): a company's albums for anyone, each picture viewable large. */
export default function ShopAlbumPage() {
  const { t } = useTranslation(['albums']);
  const [search] = useSearchParams();
  const rootId = Number(search.get('id'));
  const valid = Number.isInteger(rootId) && rootId > 0;
  const albums = useCompanyAlbums(valid ? rootId : 0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const data = albums.data;
  const current = data?.albums.find((a) => a.id === chosen) ?? data?.albums[0];

  let body: ReactNode;
  if (!valid) {
    body = <NotFoundScreen title={t('albums:shop.notFound')} />;
  } else if (albums.isError) {
    body = (
      <ErrorScreen
        error={albums.error}
        notFoundTitle={t('albums:shop.notFound')}
        onRetry={() => void albums.refetch()}
      />
    );
  } else if (!data) {
    body = <PageLoading />;
  } else if (!current) {
    body = (
      <>
        {data.companyName && <h2 className="mm-shop-album-company">{data.companyName}</h2>}
        <EmptyState title={t('albums:shop.empty')} />
      </>
    );
  } else {
    body = (
      <>
        {data.companyName && <h2 className="mm-shop-album-company">{data.companyName}</h2>}
        <div className="mm-album-chips" role="tablist">
          {data.albums.map((album) => (
            <button
              key={album.id}
              type="button"
              role="tab"
              aria-selected={album.id === current.id}
              className={album.id === current.id ? 'is-active' : ''}
              onClick={() => setChosen(album.id)}
            >
              {album.name}
              <span>{album.count}</span>
            </button>
          ))}
        </div>
        <ul className="mm-picture-grid" data-testid="shop-album-pictures">
          {current.pictures.map((picture, index) => (
            <li key={picture.id} className="mm-picture">
              <button
                type="button"
                className="mm-picture-open"
                aria-label={t('albums:pictures.view')}
                onClick={() => setViewing(index)}
              >
                <img src={picture.thumbUrl} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
        <ImageViewer.Multi
          visible={viewing !== null}
          images={current.pictures.map((p) => p.url)}
          defaultIndex={viewing ?? 0}
          onClose={() => setViewing(null)}
        />
      </>
    );
  }

  return (
    <Page
      title={t('albums:shop.title')}
      backTo={valid ? `${Paths.company}?id=${rootId}` : undefined}
      className="mm-albums"
    >
      <PullToRefresh onRefresh={async () => void (valid && (await albums.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
