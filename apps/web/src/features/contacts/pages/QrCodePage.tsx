import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import ScanningOutline from 'antd-mobile-icons/es/ScanningOutline';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { LoginFirst } from '../components/LoginFirst';
import { addFriendLink, addFriendTarget, decodeQrImage, qrPath } from '../qr';
import '../locale';
import '../contacts.css';

/** The QR code of a link, drawn once the encoder (loaded only here) has made it. */
function QrImage({ text, label }: { text: string; label: string }) {
  const [code, setCode] = useState<{ size: number; path: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    qrPath(text)
      .then((made) => {
        if (!gone) setCode(made);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
    };
  }, [text]);
  if (failed) return <p className="mm-qr-failed">{label}</p>;
  if (!code) return <Skeleton className="mm-qr-skeleton" animated />;
  // A quiet zone of 2 modules round the code, as scanners need.
  const box = code.size + 4;
  return (
    <svg
      className="mm-qr-image"
      viewBox={`-2 -2 ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect x="-2" y="-2" width={box} height={box} fill="#fff" />
      <path d={code.path} fill="#1b2330" />
    </svg>
  );
}

/**
 * SPEC §2 qr_code: my QR code, a link to add_friend for my account; and a scan that reads another
 * user's from a photo (the camera on a phone) and opens add_friend for them.
 */
export default function QrCodePage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { user } = useSession();
  const picker = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  const account = user?.account ?? '';

  const scan = async (file: File) => {
    setScanning(true);
    try {
      const text = await decodeQrImage(file);
      const target = text ? addFriendTarget(text) : null;
      if (target) navigate(target);
      else showFail(text ? t('qr.notOurs') : t('qr.noCode'));
    } catch {
      showFail(t('qr.unreadable'));
    } finally {
      setScanning(false);
    }
  };

  return (
    <LoginFirst>
      <Page title={t('qr.title')} className="mm-contacts" backTo={Paths.linkPage}>
        <section className="mm-card mm-qr-card" data-testid="my-qr">
          <h2>{account}</h2>
          <p>{t('qr.hint')}</p>
          {account && <QrImage text={addFriendLink(account)} label={t('qr.imageLabel', { account })} />}
        </section>
        <div className="mm-qr-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            loading={scanning}
            onClick={() => picker.current?.click()}
            data-testid="qr-scan"
          >
            <ScanningOutline /> {t('qr.scan')}
          </Button>
          <p>{t('qr.scanHint')}</p>
          <input
            ref={picker}
            className="mm-qr-picker"
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={t('qr.scan')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void scan(file);
            }}
          />
        </div>
      </Page>
    </LoginFirst>
  );
}
