/** The swiper widget (antd Carousel): the pinned notices as banners, or a welcome banner without any. */
import { Carousel, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../api/home';

const BACKGROUNDS = ['home-slide--green', 'home-slide--blue', 'home-slide--violet'];

export function NoticeSwiper() {
  const { t } = useTranslation('home');
  const notices = useNotices();
  const pinned = (notices.data ?? []).filter((n) => n.IS_TOP === 'Y');
  const slides = pinned.length
    ? pinned.map((n) => ({ key: n.ID, title: n.TITLE, note: `${t('notices.pinned')} · ${dayjs(n.PUBLISH_TIME).format('YYYY-MM-DD')}` }))
    : [{ key: 'welcome', title: t('swiper.welcomeTitle'), note: t('swiper.welcomeNote') }];

  return (
    <section aria-label={t('swiper.label')} className="home-swiper">
      <Carousel autoplay autoplaySpeed={5000} dots={{ className: 'home-swiper-dots' }}>
        {slides.map((slide, index) => (
          <div key={slide.key}>
            <div className={`home-slide ${BACKGROUNDS[index % BACKGROUNDS.length]}`}>
              <Typography.Text className="home-slide-note">{slide.note}</Typography.Text>
              <Typography.Title level={4} className="home-slide-title">
                {slide.title}
              </Typography.Title>
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
