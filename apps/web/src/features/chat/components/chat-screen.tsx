import { type Business, isResearchEnabled } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer-loader.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { paths } from '../../../config/paths.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { latestResearchQueryOptions } from '../../../lib/research-query.ts';
import { capacityStart } from '../capacity.ts';
import { useChatSession } from '../hooks/use-chat-session.ts';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useThreadList } from '../hooks/use-thread-list.ts';
import { type ChatMessageView, isFailedAnswer } from '../messages.ts';
import { PlanChangesProvider } from '../plan-changes.tsx';
import { ReportSourcesProvider } from '../report-citations.tsx';
import { drawQuestions } from '../suggested-questions.es.ts';
import { ChatHeader, type CreditsCounterSlotProps } from './chat-header.tsx';
import { ChatInput } from './chat-input.tsx';
import { ChatSidebar } from './chat-sidebar.tsx';
import { EmptyChat } from './empty-chat.tsx';
import { MessageList } from './message-list.tsx';
import { ResearchNotice } from './research-notice.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { StatusLines } from './status-lines.tsx';

/** product.md §9: entering from the dashboard shows the spinner for at most 5 s. */
export const ENTER_SPINNER_MAX_MS = 5000;
/** product.md §2.6 and §9: below this width the sidebar is an overlay. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** The signed-in user's plan and credits, as the chat needs them (the route reads the product user). */
export interface ChatAccount {
  planId: number;
  /** As the API sends it: null means unlimited. */
  credits: number | null;
}

/** What the route that composes the chat gives it from other features. */
export interface ChatScreenProps {
  company: string;
  account: ChatAccount;
  /** The user's businesses (from the cache the dashboard filled); undefined while they load. */
  businesses: readonly Business[] | undefined;
  businessesFailed: boolean;
  creditsCounter: ComponentType<CreditsCounterSlotProps>;
  /** The notifications' bell (ADR 0056), from the notifications feature. */
  notificationBell?: ReactNode;
}

/**
 * product.md §2.6 'Chat screen' for the business `company` (matched against the user's business ids).
 * A business that does not exist, or a list that cannot load, goes back to /chats (product.md §8).
 */
export function ChatScreen({
  company,
  account,
  businesses,
  businessesFailed,
  creditsCounter,
  notificationBell,
}: ChatScreenProps) {
  const business = businesses?.find((b) => String(b.id) === company);
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedLong(true), ENTER_SPINNER_MAX_MS);
    return () => clearTimeout(timer);
  }, []);

  if (businessesFailed || (businesses && !business)) return <Navigate to={paths.chats} replace />;
  if (!business) return <FullScreenSpinner />;
  return (
    <ChatWorkspace
      key={business.id}
      business={business}
      account={account}
      creditsCounter={creditsCounter}
      notificationBell={notificationBell}
      spinnerExpired={waitedLong}
    />
  );
}

function ChatWorkspace({
  business,
  account,
  creditsCounter,
  notificationBell,
  spinnerExpired,
}: {
  business: Business;
  account: ChatAccount;
  creditsCounter: ComponentType<CreditsCounterSlotProps>;
  notificationBell?: ReactNode;
  spinnerExpired: boolean;
}) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [sidebarOpen, setSidebarOpen] = useState(desktop);
  const [notices, setNotices] = useState<string[]>([]);
  const [openedAt] = useState(() => Date.now());
  const initialChat = Number(searchParams.get('chat'));

  const onChatChange = useCallback(
    (chatId: number | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (chatId === null) next.delete('chat');
          else next.set('chat', String(chatId));
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const session = useChatSession({
    businessId: business.id,
    planId: account.planId,
    credits: account.credits,
    productName: publicConfig.productName,
    initialChatId: Number.isInteger(initialChat) && initialChat > 0 ? initialChat : null,
    onChatChange,
    onNotice: (notice) => setNotices([notice]),
  });
  const chatPages = useThreadList(business.id, session.firstAnsweredAt);
  const chats = useMemo(() => chatPages.data?.pages.flat(), [chatPages.data]);

  const messageInput = useRef<HTMLTextAreaElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useChatShortcuts({
    input: messageInput,
    streaming: session.streaming,
    onStop: session.stop,
    onHelp: () => setShortcutsOpen(true),
    enabled: !shortcutsOpen,
  });
  const { regenerate, retry, showVersion } = session;
  const messageActions = useMemo(
    () => ({
      onRegenerate: (answer: ChatMessageView) =>
        isFailedAnswer(answer) ? retry(answer) : void regenerate(answer),
      onEdit: (question: ChatMessageView, content: string) => {
        const answer = session.messages[session.messages.findIndex((m) => m.key === question.key) + 1];
        if (answer) void regenerate(answer, content);
      },
      onShowVersion: showVersion,
    }),
    [regenerate, retry, showVersion, session.messages],
  );

  // Four questions per chat (product.md §2.6), drawn again for every new chat.
  const [questions, setQuestions] = useState(() => drawQuestions(business.stage));

  // The research notice sits above a new chat's suggested questions: shown before the study is known,
  // the notice would then push them down under a finger about to tap one (a layout shift of 0.15 on a
  // phone). The study is asked for with the threads (the route's loader), so this rarely waits longer.
  const research = useQuery({
    ...latestResearchQueryOptions(business.id),
    enabled: isResearchEnabled(account.planId),
  });
  const chatsLoaded = chats !== undefined;
  const researchKnown = !isResearchEnabled(account.planId) || !research.isPending;
  if (chatPages.isError) return <Navigate to={paths.chats} replace />;
  if ((!chatsLoaded || !researchKnown) && !spinnerExpired) return <FullScreenSpinner />;

  const overlay = !desktop;
  const closeOnMobile = () => {
    if (overlay) setSidebarOpen(false);
  };
  const startNewChat = () => {
    session.newChat();
    setQuestions(drawQuestions(business.stage));
    closeOnMobile();
  };
  const canSend = session.canSend && chatsLoaded;
  const start = chats ? capacityStart(account.planId, chats, openedAt) : null;
  // A run under way is shown whatever the window says (ADR 0049): ResearchNotice decides with the run.
  const notice =
    start === null && !isResearchEnabled(account.planId) ? null : (
      <ResearchNotice
        start={start}
        businessId={business.id}
        businessName={business.name}
        planId={account.planId}
      />
    );
  const send = (text: string, files: Parameters<typeof session.send>[1] = []) => {
    // A suggested question is sent without a word written: the answer's renderer starts loading with it.
    preloadMarkdownAnswer();
    setNotices([]);
    return session.send(text, files);
  };

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      <SkipLink />
      {sidebarOpen ? (
        <ChatSidebar
          chats={chats}
          more={
            chatPages.hasNextPage
              ? { loading: chatPages.isFetchingNextPage, load: () => void chatPages.fetchNextPage() }
              : null
          }
          currentId={session.chat.id}
          overlay={overlay}
          onSelect={(chat) => {
            void session.selectChat(chat);
            closeOnMobile();
          }}
          onNewChat={startNewChat}
          onEdit={() => void navigate(paths.editBusiness(business.stage, business.id))}
          onClose={() => setSidebarOpen(false)}
        />
      ) : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
        <ChatHeader
          business={business}
          // At phone width the opener stays under the drawer: closing gives focus back to it.
          sidebarOpen={sidebarOpen && !overlay}
          planId={account.planId}
          credits={account.credits}
          creditsCounter={creditsCounter}
          notificationBell={notificationBell}
          onOpenSidebar={() => setSidebarOpen(true)}
          onNewChat={startNewChat}
        />
        {session.loading ? (
          <div
            role="status"
            className="flex min-h-0 flex-1 items-center justify-center gap-3 text-sm text-slate-500"
          >
            <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
            {chatCopy.messages.loadingThread}
          </div>
        ) : session.messages.length === 0 ? (
          <EmptyChat
            business={business}
            questions={questions}
            disabled={!canSend}
            onAsk={(question) => void send(question)}
            notice={notice}
          />
        ) : (
          <ReportSourcesProvider businessId={business.id} enabled={isResearchEnabled(account.planId)}>
            <PlanChangesProvider businessId={business.id} planId={account.planId}>
              <MessageList
                chatKey={String(session.chat.id)}
                messages={session.messages}
                header={notice}
                actions={session.streaming ? undefined : messageActions}
              />
            </PlanChangesProvider>
          </ReportSourcesProvider>
        )}
        {notices.length > 0 ? (
          <div className="mx-auto w-full max-w-3xl space-y-2 px-3 pb-2 sm:px-6">
            {notices.map((text) => (
              <FormAlert key={text} message={text} />
            ))}
          </div>
        ) : null}
        <ChatInput
          productName={publicConfig.productName}
          canSend={canSend}
          streaming={session.streaming}
          onSend={send}
          onStop={session.stop}
          onNotices={setNotices}
          footer={<StatusLines businessId={business.id} planId={account.planId} />}
          inputRef={messageInput}
          onShortcuts={() => setShortcutsOpen(true)}
        />
        {shortcutsOpen ? <ShortcutsDialog onClose={() => setShortcutsOpen(false)} /> : null}
      </main>
    </div>
  );
}
