// The modal moved to src/components so that other features (the operator's console) can use it too.
export { Modal } from '../../../components/modal.tsx';
