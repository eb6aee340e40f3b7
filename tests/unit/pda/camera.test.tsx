/**
 * The camera of the scanning pages: a code read from the picture goes to the page like a scanner's and
 * the camera closes and stops; a camera the user refused is said in the user's language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import CameraScanner from '../../../src/features/bills/pda/components/CameraScanner';
import { Providers } from '../grid/gridTestKit';

const decode = vi.fn<(video: HTMLVideoElement) => Promise<string | undefined>>();
vi.mock('../../../src/features/bills/pda/scan/cameraDecoder', () => ({ frameDecoder: async () => decode }));

const stop = vi.fn();
const camera = (getUserMedia: () => Promise<unknown>) => vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('camera scanner', () => {
  it('hands the code it reads to the page', async () => {
    camera(async () => ({ getTracks: () => [{ stop }] }));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    decode.mockResolvedValueOnce(undefined).mockResolvedValue('R-0001');
    const onDetected = vi.fn();
    const view = render(
      <Providers>
        <CameraScanner onDetected={onDetected} onClose={vi.fn()} />
      </Providers>,
    );
    await waitFor(() => expect(onDetected).toHaveBeenCalledWith('R-0001'), { timeout: 3000 });
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('says in the user’s language that the camera was refused', async () => {
    camera(async () => {
      throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    });
    render(
      <Providers>
        <CameraScanner onDetected={vi.fn()} onClose={vi.fn()} />
      </Providers>,
    );
    expect(await screen.findByText('没有摄像头权限，请在浏览器设置中允许使用摄像头')).toBeTruthy();
    expect(screen.queryByText(/Permission denied/)).toBeNull();
  });
});
