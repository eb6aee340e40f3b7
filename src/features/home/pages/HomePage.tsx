/**
 * The home page (spec §2 `index`, also `grid`, the second home): a greeting with the day's
 * figures, then the widgets — swiper, data show, common functions, message centre (notices pinned
 * first, warnings with their call status), to-do, memos and version info.
 */
import { useCallback, useEffect } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuTrail } from '../../../core/navigation/buildRoutes';
import { useNavigationStore } from '../../../core/navigation/navigationStore';
import { logout } from '../../../api/logout';
import { useSessionStore } from '../../../core/session/store';
import { useOpenMenu } from '../../../shell/layout/useOpenMenu';
import { useTodos, useWarnings } from '../api/home';
import { usePortalHome } from '../api/portal';
import { PortalHome } from '../components/PortalHome';
import { CommonFunctionsCard } from '../components/CommonFunctionsCard';
import { DataShowCard } from '../components/DataShowCard';
import { MemoCard } from '../components/MemoCard';
import { MessageCentre } from '../components/MessageCentre';
import { NoticeSwiper } from '../components/NoticeSwiper';
import { TodoCard } from '../components/TodoCard';
import { VersionCard } from '../components/VersionCard';
import './home.css';

/** Opens an in-app path the way a menu click would (new-window items, missing modules), else navigates. */
function useOpenPath() {
  const menus = useNavigationStore((s) => s.menus);
  const openMenu = useOpenMenu();
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      const item = menuTrail(menus, path).at(-1);
      if (item) openMenu(item);
      else navigate(path);
    },
    [menus, openMenu, navigate],
  );
}

/**
 * The home: the caller's configured home (issue 21, Portal/Home) — a portal scheme's cards, or a
 * redirect to the configured path — and, with none configured (or when it cannot be read), the
 * standard home below.
 */
export function HomePage() {
  const portal = usePortalHome();
  const navigate = useNavigate();
  const openPath = useOpenPath();
  const path = portal.data?.Kind === 'PATH' ? portal.data.Path : null;
  useEffect(() => {
    if (path) navigate(path, { replace: true });
  }, [path, navigate]);
  if (portal.isLoading || path) return <Skeleton active />;
  if (portal.data?.Kind === 'SCHEME') return <PortalHome home={portal.data} onOpen={openPath} />;
  return <StandardHome />;
}

function StandardHome() {
  const { t } = useTranslation('home');
  const nickName = useSessionStore((session) => session.userInfo?.NICK_NAME ?? session.userInfo?.USER_NAME ?? '');
  const organization = useSessionStore((session) => session.organization?.OrganizeName ?? '');
  const openPath = useOpenPath();
  const todos = useTodos();
  const warnings = useWarnings();
  const openTodos = (todos.data ?? []).filter((item) => item.STATUS === 'open').length;
  const activeWarnings = (warnings.data ?? []).filter((w) => w.CALL_STATUS !== 'success').length;

  return (
    <div className="home-page">
      <Card variant="borderless" className="home-hero">
        <Flex justify="space-between" align="center" gap="middle" wrap>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('greeting', { name: nickName })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('today', { date: dayjs().format('YYYY-MM-DD') })}
              {organization && ` · ${organization}`}
            </Typography.Text>
          </div>
          <Space wrap>
            <Tag color="processing">{t('todo.open', { count: openTodos })}</Tag>
            <Tag color={activeWarnings ? 'error' : 'success'}>{t('warnings.active', { count: activeWarnings })}</Tag>
            <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
              {t('logout')}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <NoticeSwiper />
            <DataShowCard />
            <MessageCentre />
            <VersionCard />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <CommonFunctionsCard onOpen={openPath} />
            <TodoCard onOpen={openPath} />
            <MemoCard />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
