/**
 * The camera over the whole screen: the back camera's picture, read a few times a second until a
 * barcode is found; the code goes to the page like a scanner's. Closing (or a code) stops the camera.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { frameDecoder } from '../scan/cameraDecoder';

const READ_EVERY_MS = 250;

/** Why the camera cannot be used: a known reason in the user's language, else the browser's words. */
type CameraProblem = { key: 'denied' | 'none' | 'insecure'; reason?: undefined } | { key?: undefined; reason: string };

function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { key: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'none' };
  if (!window.isSecureContext) return { key: 'insecure' };
  return { reason: error instanceof Error ? error.message || error.name : String(error) };
}

export interface CameraScannerProps {
  onDetected(code: string): void;
  onClose(): void;
}

export default function CameraScanner({ onDetected, onClose }: CameraScannerProps) {
  const { t } = useTranslation('pda');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem>();
  const [ready, setReady] = useState(false);
  const detected = useRef(onDetected);
  useEffect(() => {
    detected.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia');
      const [decode, media] = await Promise.all([
        frameDecoder(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
      ]);
      stream = media;
      if (stopped || !video.current) return;
      video.current.srcObject = media;
      await video.current.play();
      setReady(true);
      const read = async () => {
        if (stopped || !video.current) return;
        const code = await decode(video.current).catch(() => undefined);
        if (code && !stopped) detected.current(code);
        else timer = setTimeout(() => void read(), READ_EVERY_MS);
      };
      void read();
    };
    start().catch((error: unknown) => setProblem(cameraProblem(error)));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="pda-camera" role="dialog" aria-label={t('camera.open')} data-testid="pda-camera">
      <video ref={video} className="pda-camera-video" muted playsInline />
      <div className="pda-camera-bar">
        <Typography.Text className="pda-camera-text">
          {problem ? (problem.key ? t(`camera.${problem.key}`) : t('camera.unavailable', { reason: problem.reason })) : ready ? t('camera.aim') : t('camera.starting')}
        </Typography.Text>
        <Button size="large" icon={<CloseOutlined />} onClick={onClose} data-testid="pda-camera-close">
          {t('camera.close')}
        </Button>
      </div>
    </div>
  );
}
