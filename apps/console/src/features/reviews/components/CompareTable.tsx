import ZoomInOutlined from '@ant-design/icons/ZoomInOutlined';
import { Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComparedField, ReviewValue } from '../queue';

function Value({ value, label }: { value: ReviewValue; label: string }) {
  const { t } = useTranslation('reviews');
  if (value === null) return <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  // Licences are read, not glanced at: the image fills its column and opens full size (zoom, rotate) on a click.
  if ('image' in value)
    return (
      <figure className="mc-compare-image">
        <Image
          src={value.image}
          alt={label}
          width="100%"
          style={{ maxHeight: 480, objectFit: 'contain' }}
          preview={{
            cover: (
              <span className="mc-compare-image-cover">
                <ZoomInOutlined /> {t('image.enlarge')}
              </span>
            ),
          }}
        />
        <figcaption>{t('image.enlargeHint')}</figcaption>
      </figure>
    );
  return <span className="mc-compare-text">{value.text}</span>;
}

const sameValue = (a: ReviewValue, b: ReviewValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The value in force beside the value asked for, field by field; a changed field is marked. The images
 * preview as one group, so the full-size view steps between the old licence and the new one.
 */
export function CompareTable({ fields }: { fields: ComparedField[] }) {
  const { t } = useTranslation('reviews');
  // The group numbers its images in the table's order: row by row, the value in force first.
  const imageLabels = fields.flatMap((field) =>
    (
      [
        [field.before, 'detail.before'],
        [field.after, 'detail.after'],
      ] as const
    )
      .filter(([value]) => value !== null && 'image' in value)
      .map(([, side]) => `${field.label} · ${t(side)}`),
  );
  return (
    <Image.PreviewGroup
      preview={{
        // Which image is open (the field, and whether it is in force or asked for) where the count goes.
        countRender: (current, total) => (
          <span className="mc-preview-caption" data-testid="preview-caption">
            {imageLabels[current - 1]} · {current} / {total}
          </span>
        ),
      }}
    >
      <table className="mc-compare" data-testid="compare-table">
        <thead>
          <tr>
            <th className="mc-compare-field">{t('detail.field')}</th>
            <th>{t('detail.before')}</th>
            <th>{t('detail.after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const changed = field.before !== null && !sameValue(field.before, field.after);
            return (
              <tr key={field.key} data-testid={`compare-${field.key}`}>
                <th scope="row" className="mc-compare-field">
                  {field.label}
                  {changed && (
                    <div>
                      <Tag color="gold" style={{ marginTop: 6 }}>
                        {t('detail.changed')}
                      </Tag>
                    </div>
                  )}
                </th>
                <td className="mc-compare-before">
                  <Value value={field.before} label={`${field.label} · ${t('detail.before')}`} />
                </td>
                <td className={`mc-compare-after ${changed ? 'is-changed' : ''}`}>
                  <Value value={field.after} label={`${field.label} · ${t('detail.after')}`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Image.PreviewGroup>
  );
}
