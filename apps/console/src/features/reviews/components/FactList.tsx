import { Descriptions } from 'antd';
import type { ReviewFact } from '../queue';

/** What a request rests on, label beside value, two to a row (a wide fact takes its own row). */
export function FactList({ facts }: { facts: ReviewFact[] }) {
  return (
    <Descriptions
      bordered
      size="middle"
      column={2}
      data-testid="fact-list"
      styles={{ label: { width: 200 } }}
      items={facts.map((fact) => ({
        key: fact.key,
        label: fact.label,
        span: fact.wide ? 'filled' : 1,
        children: <span data-testid={`fact-${fact.key}`}>{fact.value}</span>,
      }))}
    />
  );
}
