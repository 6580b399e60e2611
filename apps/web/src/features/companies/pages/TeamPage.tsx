import type { TTeamMember } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { QueryBody } from '../../shops/components/QueryBody';
import { useTeam } from '../api';
import '../companies.css';

/** How to reach a member for one purpose: a number to call, an id to add, or the app's chat. */
function Contact({ member, way }: { member: TTeamMember; way: TTeamMember['contactFor'][number] }) {
  const { t } = useTranslation('companies');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const channel = t(`linkWay.channel.${way.channel}`);
  const callable = (way.channel === 'phone' || way.channel === 'landline') && !way.value.includes('*');
  return (
    <li className="mm-team-contact" data-testid="team-contact">
      <span className="mm-team-purpose">{t(`linkWay.purpose.${way.purpose}`)}</span>
      <span className="mm-team-channel">
        {channel}
        {way.value && <b>{way.value}</b>}
      </span>
      {callable && (
        <a className="mm-link" href={`tel:${way.value}`}>
          {t('team.call')}
        </a>
      )}
      {way.channel === 'chat' && (
        <Button
          size="mini"
          color="primary"
          fill="outline"
          onClick={() => navigate(loggedIn ? chatPagePath(member.userId) : Paths.login)}
        >
          {t('team.chat')}
        </Button>
      )}
    </li>
  );
}

/** SPEC §2 pagesA/team_page (`?id=` a company's rootId): its people as buyers see them, and who to contact for what. */
export default function TeamPage() {
  const { t } = useTranslation('companies');
  const [params] = useSearchParams();
  const rootId = Number(params.get('id') ?? 0);
  const hasId = Number.isInteger(rootId) && rootId > 0;
  const team = useTeam(hasId ? rootId : 0);
  return (
    <Page title={t('team.title')} backTo={hasId ? `${Paths.company}?id=${rootId}` : Paths.root}>
      <QueryBody query={team} hasId={hasId} notFound={t('team.notFound')}>
        {(data) => (
          <>
            <p className="mm-team-company">
              {data.companyName}
              {data.isDemo && <span className="mm-demo-tag">{t('team.demo')}</span>}
            </p>
            {data.members.length === 0 ? (
              <EmptyState title={t('linkWay.empty')} />
            ) : (
              <ul className="mm-team" data-testid="team">
                {data.members.map((member) => (
                  <li key={member.userId} className="mm-card mm-team-member" data-testid="team-member">
                    <div className="mm-team-head">
                      <span className="mm-team-avatar" aria-hidden="true">
                        {member.name.slice(0, 1)}
                      </span>
                      <span className="mm-team-name">{member.name}</span>
                      <span className={`mm-team-title is-${member.title}`}>{t(`linkWay.${member.title}`)}</span>
                    </div>
                    {member.contactFor.length === 0 ? (
                      <p className="mm-team-none">{t('team.noContact')}</p>
                    ) : (
                      <ul className="mm-team-contacts">
                        {member.contactFor.map((way) => (
                          <Contact key={way.purpose} member={member} way={way} />
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryBody>
    </Page>
  );
}
