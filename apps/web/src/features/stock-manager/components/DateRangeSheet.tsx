import Button from 'antd-mobile/es/components/button';
import DatePicker from 'antd-mobile/es/components/date-picker';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/validation';

/** YYYY-MM-DD of the calendar day a picker chose. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const dateOf = (day: string) => (day ? new Date(`${day}T00:00:00`) : null);
const EARLIEST = new Date('2015-01-01T00:00:00');

/**
 * SPEC §5 stock batch: a posting-date range whose start comes before its end ('start date before end
 * date'); either end may stay open.
 */
export function DateRangeSheet({
  visible,
  startDate,
  endDate,
  onApply,
  onClose,
}: {
  visible: boolean;
  startDate: string;
  endDate: string;
  onApply: (range: { startDate: string; endDate: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['stockManager', 'common']);
  const message = useMessage();
  const [start, setStart] = useState(startDate);
  const [end, setEnd] = useState(endDate);
  const [picking, setPicking] = useState<'start' | 'end' | null>(null);
  const [error, setError] = useState('');

  const apply = () => {
    if (start && end && start > end) {
      setError(message('manager.dateRange'));
      return;
    }
    onApply({ startDate: start, endDate: end });
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mm-sheet"
      afterShow={() => {
        setStart(startDate);
        setEnd(endDate);
        setError('');
      }}
    >
      <h3 className="mm-sheet-title">{t('filters.dateTitle')}</h3>
      <div className="mm-date-range">
        {(['start', 'end'] as const).map((which) => {
          const value = which === 'start' ? start : end;
          return (
            <button
              key={which}
              type="button"
              className={`mm-date-field ${error && which === 'end' ? 'has-error' : ''}`}
              onClick={() => setPicking(which)}
              data-testid={`date-${which}`}
            >
              <span>{t(which === 'start' ? 'filters.startDate' : 'filters.endDate')}</span>
              <strong>{value || t('filters.anyDay')}</strong>
            </button>
          );
        })}
      </div>
      {error && (
        <div className="mm-sheet-error" role="alert">
          {error}
        </div>
      )}
      <div className="mm-sheet-actions">
        <Button
          shape="rounded"
          size="large"
          onClick={() => {
            setStart('');
            setEnd('');
            setError('');
          }}
        >
          {t('filters.clearDates')}
        </Button>
        <Button color="primary" shape="rounded" size="large" onClick={apply} data-testid="date-apply">
          {t('common:confirm')}
        </Button>
      </div>
      <DatePicker
        visible={picking !== null}
        title={t(picking === 'end' ? 'filters.endDate' : 'filters.startDate')}
        precision="day"
        min={EARLIEST}
        max={new Date()}
        value={dateOf(picking === 'end' ? end : start) ?? new Date()}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          if (picking === 'start') setStart(dayOf(date));
          else setEnd(dayOf(date));
          setError('');
        }}
      />
    </Popup>
  );
}
