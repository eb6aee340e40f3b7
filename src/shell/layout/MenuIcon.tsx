/**
 * Icon_Url from the server -> an antd icon. The server stores loose names ('setting',
 * 'el-icon-setting', 'SettingOutlined'); a fixed map keeps the bundle from pulling in every icon.
 */
import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  CodeOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HistoryOutlined,
  HomeOutlined,
  InboxOutlined,
  MenuOutlined,
  MobileOutlined,
  NotificationOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  barchart: BarChartOutlined,
  barcode: BarcodeOutlined,
  book: BookOutlined,
  calendar: CalendarOutlined,
  chart: BarChartOutlined,
  checksquare: CheckSquareOutlined,
  cluster: ClusterOutlined,
  code: CodeOutlined,
  container: ContainerOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  document: FileTextOutlined,
  download: DownloadOutlined,
  environment: EnvironmentOutlined,
  experiment: ExperimentOutlined,
  file: FileTextOutlined,
  filedone: FileDoneOutlined,
  fileexcel: FileExcelOutlined,
  filetext: FileTextOutlined,
  form: FormOutlined,
  global: GlobalOutlined,
  history: HistoryOutlined,
  home: HomeOutlined,
  inbox: InboxOutlined,
  menu: MenuOutlined,
  mobile: MobileOutlined,
  notification: NotificationOutlined,
  printer: PrinterOutlined,
  profile: ProfileOutlined,
  qrcode: QrcodeOutlined,
  quality: SafetyCertificateOutlined,
  questioncircle: QuestionCircleOutlined,
  report: BarChartOutlined,
  safety: SafetyCertificateOutlined,
  safetycertificate: SafetyCertificateOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  settings: SettingOutlined,
  shop: ShopOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  tools: ToolOutlined,
  user: UserOutlined,
  warehouse: InboxOutlined,
};

export const normalizeIconName = (name: string) =>
  name
    .trim()
    .replace(/^(el-icon-|icon-|anticon-)/i, '')
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/[-_\s]/g, '')
    .toLowerCase();

/** Decorative: the menu title next to it is the accessible name. */
export function MenuIcon({ name, className }: { name?: string; className?: string }) {
  const Icon = (name && ICONS[normalizeIconName(name)]) || AppstoreOutlined;
  return (
    <span aria-hidden="true" className={className}>
      <Icon />
    </span>
  );
}
