import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import {
  CONSOLE_USER_KEYWORD_MAX,
  CONSOLE_USERS_PAGE_SIZE,
  formatShanghaiDateTime,
  type TConsoleUserRow,
} from '@metal/shared';
import { Button, Empty, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type UserSearch, useUserSearch } from '../api';
import { AccountTags } from '../components/AccountTags';
import { UserDrawer } from '../components/UserDrawer';

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Accounts, newest first, found by phone, account, nickname or company name; the search and page live
 * in the URL. A row opens the account's drawer, where customer service disables or enables it.
 */
export default function UsersPage() {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search: UserSearch = {
    keyword: params.get('keyword') ?? '',
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), CONSOLE_USERS_PAGE_SIZE),
  };
  const users = useUserSearch(search);
  const [opened, setOpened] = useState<number | null>(null);

  const searchFor = (keyword: string, page = 1, pageSize = search.pageSize) => {
    const next = new URLSearchParams();
    if (keyword.trim()) next.set('keyword', keyword.trim());
    if (page > 1) next.set('page', String(page));
    if (pageSize !== CONSOLE_USERS_PAGE_SIZE) next.set('pageSize', String(pageSize));
    setParams(next);
  };

  const columns: TableColumnsType<TConsoleUserRow> = [
    {
      key: 'account',
      title: t('users.fields.account'),
      width: 200,
      render: (_v, user) => (
        <>
          <div className="mc-mono">{user.phone}</div>
          {user.account !== user.phone && <Typography.Text type="secondary">{user.account}</Typography.Text>}
        </>
      ),
    },
    { key: 'name', title: t('users.fields.name'), render: (_v, user) => user.nickName },
    {
      key: 'company',
      title: t('users.fields.company'),
      render: (_v, user) => (
        <>
          <div>{user.companyName || t('users.noCompany')}</div>
          <Typography.Text type="secondary">{t('users.companyId', { id: user.rootId })}</Typography.Text>
        </>
      ),
    },
    { key: 'state', title: t('users.fields.state'), width: 220, render: (_v, user) => <AccountTags user={user} /> },
    {
      key: 'lastLoginAt',
      title: t('users.fields.lastLoginAt'),
      width: 170,
      render: (_v, user) => (user.lastLoginAt ? formatShanghaiDateTime(new Date(user.lastLoginAt)) : '—'),
    },
  ];

  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{t('users.title')}</h1>
          <Typography.Text type="secondary">{t('users.subtitle')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void users.refetch()} loading={users.isFetching}>
          {tCommon('refresh')}
        </Button>
      </header>
      <Form<{ keyword: string }>
        layout="inline"
        className="mc-search"
        key={params.toString()}
        initialValues={{ keyword: search.keyword }}
        onFinish={({ keyword }) => searchFor(keyword ?? '')}
      >
        <Form.Item name="keyword" label={t('users.keyword')}>
          <Input
            allowClear
            maxLength={CONSOLE_USER_KEYWORD_MAX}
            placeholder={t('users.keywordPlaceholder')}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('users.search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<TConsoleUserRow>
        rowKey="userId"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        onRow={(user) =>
          ({
            onClick: () => setOpened(user.userId),
            style: { cursor: 'pointer' },
            'data-testid': 'user-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: search.page,
          pageSize: search.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('users.total', { total }),
          onChange: (nextPage, nextSize) =>
            searchFor(search.keyword, nextSize === search.pageSize ? nextPage : 1, nextSize),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.empty')} /> }}
      />
      <UserDrawer userId={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
