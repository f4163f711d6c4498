// Arabic texts of the MUI X date pickers, which ship no Arabic translation. Typed against
// the package's complete PickersLocaleText, so a key added by a newer version fails the
// typecheck until it is translated here. Day, month and year numbers stay Latin digits
// (the dayjs 'ar-sa' locale writes them so); the empty field reads يوم/شهر/سنة like the
// browser's own Arabic date input.
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

type ViewName = 'year' | 'month' | 'day' | 'hours' | 'minutes' | 'seconds' | 'meridiem';

const VIEWS: Record<ViewName, string> = {
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  hours: 'الساعات',
  minutes: 'الدقائق',
  seconds: 'الثواني',
  meridiem: 'الفترة',
};

export const AR_PICKERS_TEXT: PickersLocaleText = {
  // Calendar navigation
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',

  // View navigation
  openPreviousView: 'فتح العرض السابق',
  openNextView: 'فتح العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year' ? 'عرض السنوات مفتوح، الانتقال إلى عرض التقويم' : 'عرض التقويم مفتوح، الانتقال إلى عرض السنوات',

  // Range labels
  start: 'البداية',
  end: 'النهاية',
  startDate: 'تاريخ البداية',
  startTime: 'وقت البداية',
  endDate: 'تاريخ النهاية',
  endTime: 'وقت النهاية',

  // Action bar
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  nextStepButtonLabel: 'التالي',

  // Toolbar titles
  datePickerToolbarTitle: 'اختر التاريخ',
  dateTimePickerToolbarTitle: 'اختر التاريخ والوقت',
  timePickerToolbarTitle: 'اختر الوقت',
  dateRangePickerToolbarTitle: 'اختر نطاق التاريخ',
  timeRangePickerToolbarTitle: 'اختر نطاق الوقت',

  // Clock labels
  clockLabelText: (view, formattedTime) =>
    `اختر ${VIEWS[view]}. ${formattedTime ? `الوقت المختار هو ${formattedTime}` : 'لم يتم اختيار وقت'}`,
  hoursClockNumberText: (hours) => `${hours} ساعة`,
  minutesClockNumberText: (minutes) => `${minutes} دقيقة`,
  secondsClockNumberText: (seconds) => `${seconds} ثانية`,

  // Digital clock labels
  selectViewText: (view) => `اختر ${VIEWS[view]}`,

  // Calendar labels
  calendarWeekNumberHeaderLabel: 'رقم الأسبوع',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (weekNumber) => `الأسبوع ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,

  // Open picker labels
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `اختر التاريخ، التاريخ المختار هو ${formattedDate}` : 'اختر التاريخ'),
  openTimePickerDialogue: (formattedTime) => (formattedTime ? `اختر الوقت، الوقت المختار هو ${formattedTime}` : 'اختر الوقت'),
  openRangePickerDialogue: (formattedRange) => (formattedRange ? `اختر النطاق، النطاق المختار هو ${formattedRange}` : 'اختر النطاق'),
  fieldClearLabel: 'مسح القيمة',

  // Table labels
  timeTableLabel: 'اختر الوقت',
  dateTableLabel: 'اختر التاريخ',

  // Field section placeholders
  fieldYearPlaceholder: () => 'سنة',
  fieldMonthPlaceholder: () => 'شهر',
  fieldDayPlaceholder: () => 'يوم',
  fieldWeekDayPlaceholder: () => 'يوم الأسبوع',
  fieldHoursPlaceholder: () => 'سا',
  fieldMinutesPlaceholder: () => 'دق',
  fieldSecondsPlaceholder: () => 'ث',
  fieldMeridiemPlaceholder: () => 'ص/م',

  // View names
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  weekDay: 'يوم الأسبوع',
  hours: 'الساعات',
  minutes: 'الدقائق',
  seconds: 'الثواني',
  meridiem: 'الفترة',

  // Common
  empty: 'فارغ',
};

/** The theme part that the LocalizationProvider reads, as the shipped locales build it. */
export const arSAPickers = {
  components: { MuiLocalizationProvider: { defaultProps: { localeText: AR_PICKERS_TEXT } } },
};
