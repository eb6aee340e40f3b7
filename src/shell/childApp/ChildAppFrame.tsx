/**
 * One child app in a frame, talking the spec §7 protocol (see ./protocol.ts).
 *
 * Why frames + postMessage rather than a micro-frontend library (qiankun, micro-app): child apps
 * belong to other teams and often live on other hosts; a frame gives them a real browser boundary
 * (own window, own CSS, no JS sandbox to leak through), the origin check of spec §7 is the
 * browser's own `event.origin`, and any stack works as a child (qiankun needs a UMD lifecycle and a
 * Vite plugin for ES-module children; micro-app runs children in our window). The cost is a
 * frame's own scroll area, which a full-height frame hides.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { App, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { probeChildApp } from '../../api/childAppProbe';
import { notifyAcrossReload } from '../../core/notifier';
import { resolveAbsoluteApiBase } from '../../api/base';
import { useNavigationStore } from '../../core/navigation/navigationStore';
import { currentLanguage } from '../../core/i18n';
import { useShellServices } from '../services';
import { useSettingsStore } from '../../core/settings/settingsStore';
import { useTabsStore } from '../tabs/tabsStore';
import { newFrameTicket } from './frameTicket';
import { CHILD_MESSAGE, childOrigin, handleChildMessage, initMessages, type ChildRoute, type MessageToChild } from './protocol';
import './childApp.css';

/** Spec §4/§9: the overlay stays about 300 ms after the app shows. */
export const CHILD_APP_OVERLAY_HIDE_MS = 300;

type LoadState = 'probing' | 'loading' | 'shown' | 'failed';

export interface ChildAppFrameProps {
  code: string;
  name: string;
  url: string;
  /** The path inside the child app, sent as router-replace after init and on every change. */
  innerPath: string;
  /** The base-app path of this page, sent with page-destroy. */
  fullPath: string;
}

export function ChildAppFrame({ code, name, url, innerPath, fullPath }: ChildAppFrameProps) {
  const { t } = useTranslation('childApp');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const services = useShellServices();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<LoadState>('probing');
  const origin = useMemo(() => childOrigin(url), [url]);

  // The latest values the init messages need, read when the frame loads (not captured at mount).
  const routes = useNavigationStore((s) => s.routes);
  const apiConfig = useNavigationStore((s) => s.apiConfig);
  const tableToolVisible = useSettingsStore((s) => s.tableToolVisible);
  const latest = useRef({ routes, apiConfig, tableToolVisible, innerPath, fullPath });
  useLayoutEffect(() => {
    latest.current = { routes, apiConfig, tableToolVisible, innerPath, fullPath };
  });
  // Counts frame loads: a ticket that arrives after the frame loaded again (or unmounted) is dropped.
  const loadCount = useRef(0);
  // The overlay's hide timer: cleared when the frame goes, so it never sets the state of an unmounted page.
  const overlayTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(overlayTimer.current), []);
  useEffect(
    () => () => {
      loadCount.current++;
    },
    [],
  );

  const post = (message: MessageToChild) => frame.current?.contentWindow?.postMessage(message, origin);

  // Spec §8: the entry must be fetchable; else a persistent error notification titled with the app name.
  // Once per URL: <Activity> re-runs effects each time the tab shows again.
  const probedUrl = useRef<string | null>(null);
  useEffect(() => {
    if (probedUrl.current === url) return;
    let cancelled = false;
    const fail = (description: string) => {
      setState('failed');
      notification.error({ message: name, description, duration: 0 });
    };
    probeChildApp(url).then(
      (probe) => {
        if (cancelled) return;
        probedUrl.current = url;
        if (probe.ok) setState('loading');
        else fail(t('cannotFetch', { url }));
      },
      () => {
        if (cancelled) return;
        probedUrl.current = url;
        fail(t('loadFailed'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [url, name, notification, t]);

  // Messages from the child: only its own window and origin count.
  useEffect(() => {
    const onMessage = (event: MessageEvent) =>
      handleChildMessage(
        event,
        { window: frame.current?.contentWindow ?? null, origin },
        {
          logout: () => {
            // Logout ends in a full load of /login: the notice is shown there too.
            notifyAcrossReload('warning', { message: name, description: t('loginExpired') });
            void services.logout();
          },
          navigate: (path, { replace }) => navigate(path, { replace }),
          unknownType: (type) => notification.warning({ message: name, description: t('noHandler', { type }) }),
        },
      );
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, name, navigate, notification, services, t]);

  // Every load of the frame (the first, the child's own reloads) gets a new one-use ticket for auth-send.
  const onFrameLoad = async () => {
    const load = ++loadCount.current;
    let ticket: string;
    try {
      ticket = await newFrameTicket();
    } catch {
      // callWrapped showed why (a 401 also ends the login); the child cannot sign in without a ticket.
      if (load === loadCount.current) setState('failed');
      return;
    }
    if (load !== loadCount.current) return;
    const { routes: current, apiConfig: config, tableToolVisible: visible, innerPath: path } = latest.current;
    const childRoutes: ChildRoute[] = current.map((route) => ({ path: `/${route.path}`, name: route.name, title: route.title }));
    const hostConfig = { ...config, apiBase: resolveAbsoluteApiBase(), language: currentLanguage(), appCode: code };
    for (const message of initMessages({ routes: childRoutes, ticket, hostConfig, tableToolVisible: visible })) post(message);
    post({ type: CHILD_MESSAGE.routerReplace, path });
    window.clearTimeout(overlayTimer.current);
    overlayTimer.current = window.setTimeout(() => setState((s) => (s === 'loading' ? 'shown' : s)), CHILD_APP_OVERLAY_HIDE_MS);
  };

  // The base route moved inside this child's area (same tab): tell the child.
  const loaded = state === 'shown';
  useEffect(() => {
    if (loaded) post({ type: CHILD_MESSAGE.routerReplace, path: innerPath });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a path change re-sends
  }, [innerPath]);

  useEffect(() => {
    if (loaded) post({ type: CHILD_MESSAGE.tableToolToggle, visible: tableToolVisible });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a visibility change re-sends
  }, [tableToolVisible]);

  // The tab closed: tell the child while its frame still exists (the store changes before React
  // unmounts the page; an effect cleanup would also run each time the tab is merely hidden).
  const tabPath = fullPath.split(/[?#]/)[0];
  useEffect(
    () =>
      useTabsStore.subscribe((now, before) => {
        const wasOpen = before.tabs.some((tab) => tab.path === tabPath);
        if (wasOpen && !now.tabs.some((tab) => tab.path === tabPath)) {
          post({ type: CHILD_MESSAGE.pageDestroy, fullPath: latest.current.fullPath });
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- post reads the frame ref
    [tabPath, origin],
  );

  if (state === 'failed') return <div className="shell-child-app shell-child-app-failed" aria-label={t('failedRegion', { name })} />;
  return (
    <div className="shell-child-app" data-child-app={code} data-state={state}>
      {state !== 'probing' && (
        <iframe ref={frame} className="shell-child-app-frame" src={url} title={name} onLoad={() => void onFrameLoad()} />
      )}
      {state !== 'shown' && (
        <div className="shell-child-app-overlay" role="status" aria-live="polite">
          <Spin size="large" tip={t('loading', { name })}>
            <div className="shell-child-app-overlay-spacer" />
          </Spin>
        </div>
      )}
    </div>
  );
}
