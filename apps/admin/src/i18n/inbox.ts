/**
 * The contact-form inbox and the ratings, in Ukrainian and Russian (the same keys: a missing one is
 * a type error). Spread into `resources` of uk.ts and ru.ts.
 */
export const inboxUk = {
  feedback: {
    name: 'Звернення |||| Звернення',
    fields: {
      id: 'ID',
      name: 'Ім’я',
      email: 'Електронна пошта',
      phone_number: 'Телефон',
      message: 'Повідомлення',
      language: 'Мова',
      created_at: 'Надіслано',
      handled: 'Стан',
      handled_at: 'Опрацьовано',
      handled_by: 'Хто опрацював (№)',
      handled_by_email: 'Опрацював',
      q: 'Пошук',
    },
    search: 'Ім’я, пошта або текст',
    status: {
      new: 'Нове',
      handled: 'Опрацьоване',
    },
    filters: {
      unhandled: 'Нові',
      handled: 'Опрацьовані',
    },
    languages: {
      uk: 'Українська',
      ru: 'Російська',
    },
    handled_by: '%{email}, %{date}',
    answer: 'Відповісти листом',
    reply_subject: 'Відповідь на ваше звернення до магазину kram',
    actions: {
      mark_handled: 'Позначити опрацьованим',
      mark_unhandled: 'Повернути в нові',
    },
    done: {
      handled: 'Звернення опрацьовано',
      unhandled: 'Звернення повернено в нові',
      bulk_handled: 'Позначено опрацьованими: %{smart_count}',
      bulk_unhandled: 'Повернено в нові: %{smart_count}',
    },
  },
  ratings: {
    name: 'Оцінка |||| Оцінки',
    fields: {
      product_id: 'Товар',
      product_name: 'Товар',
      user_id: 'Покупець',
      user_email: 'Покупець',
      rating: 'Оцінка',
      created_at: 'Поставлено',
      updated_at: 'Змінено',
      q: 'Пошук',
    },
    search: 'Товар або пошта',
    stars: '%{smart_count} зірка |||| %{smart_count} зірки |||| %{smart_count} зірок',
  },
};

export const inboxRu: typeof inboxUk = {
  feedback: {
    name: 'Обращение |||| Обращения',
    fields: {
      id: 'ID',
      name: 'Имя',
      email: 'Электронная почта',
      phone_number: 'Телефон',
      message: 'Сообщение',
      language: 'Язык',
      created_at: 'Отправлено',
      handled: 'Состояние',
      handled_at: 'Обработано',
      handled_by: 'Кто обработал (№)',
      handled_by_email: 'Обработал',
      q: 'Поиск',
    },
    search: 'Имя, почта или текст',
    status: {
      new: 'Новое',
      handled: 'Обработано',
    },
    filters: {
      unhandled: 'Новые',
      handled: 'Обработанные',
    },
    languages: {
      uk: 'Украинский',
      ru: 'Русский',
    },
    handled_by: '%{email}, %{date}',
    answer: 'Ответить письмом',
    reply_subject: 'Ответ на ваше обращение в магазин kram',
    actions: {
      mark_handled: 'Отметить обработанным',
      mark_unhandled: 'Вернуть в новые',
    },
    done: {
      handled: 'Обращение обработано',
      unhandled: 'Обращение возвращено в новые',
      bulk_handled: 'Отмечено обработанными: %{smart_count}',
      bulk_unhandled: 'Возвращено в новые: %{smart_count}',
    },
  },
  ratings: {
    name: 'Оценка |||| Оценки',
    fields: {
      product_id: 'Товар',
      product_name: 'Товар',
      user_id: 'Покупатель',
      user_email: 'Покупатель',
      rating: 'Оценка',
      created_at: 'Поставлена',
      updated_at: 'Изменена',
      q: 'Поиск',
    },
    search: 'Товар или почта',
    stars: '%{smart_count} звезда |||| %{smart_count} звезды |||| %{smart_count} звёзд',
  },
};
