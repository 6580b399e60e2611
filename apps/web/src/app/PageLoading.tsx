import DotLoading from 'antd-mobile/es/components/dot-loading';

/** Shown while a lazily loaded page or tab arrives. */
export function PageLoading() {
  return (
    <div className="mm-page-loading" role="status">
      <DotLoading color="primary" />
    </div>
  );
}
