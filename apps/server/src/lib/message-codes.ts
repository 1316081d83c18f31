/** The code of each fixed message of the contract's catalogues; the contract derives them, for clients too. */
export { codeOfMessage } from '@kram/contract/message-codes';
